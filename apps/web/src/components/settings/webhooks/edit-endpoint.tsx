import type { EndpointView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useInvalidateWebhooks } from '../invalidate.ts';
import { EndpointForm, endpointFormValues } from './endpoint-form.tsx';

/** Changes an endpoint's URL, description or events. */
export function EditEndpoint({ endpoint }: { endpoint: EndpointView }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateWebhooks();
  const [open, setOpen] = useState(false);
  const update = useMutation(trpc.webhookEndpoints.update.mutationOptions());
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Trans>Modifier</Trans>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        busy={update.isPending}
        size="lg"
        title={t`Modifier l’endpoint`}
      >
        <EndpointForm
          initial={endpointFormValues(endpoint)}
          pending={update.isPending}
          submitLabel={t`Enregistrer`}
          onCancel={() => setOpen(false)}
          onSubmit={(input, form) =>
            update.mutate(
              {
                id: endpoint.id,
                url: input.url,
                events: input.events ?? ['*'],
                description:
                  input.description === undefined || input.description === '' ? null : input.description,
              },
              {
                onSuccess: async () => {
                  setOpen(false);
                  toast(t`L’endpoint est enregistré.`);
                  await invalidate();
                },
                onError: (error) => {
                  showServerErrors(form, error);
                  toast(errorMessage(error), 'error');
                },
              },
            )
          }
        />
      </Dialog>
    </>
  );
}

/** Stops or resumes sending events to an endpoint; resuming also lifts a 410 or failing stop. */
export function ToggleEndpoint({ endpoint }: { endpoint: EndpointView }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateWebhooks();
  const enabled = endpoint.status === 'enabled';
  const toggle = useMutation(
    trpc.webhookEndpoints.update.mutationOptions({
      onSuccess: async ({ data }) => {
        toast(data.status === 'enabled' ? t`L’endpoint est réactivé.` : t`L’endpoint est désactivé.`);
        await invalidate();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    }),
  );
  return (
    <Button
      variant="secondary"
      pending={toggle.isPending}
      onClick={() => toggle.mutate({ id: endpoint.id, status: enabled ? 'disabled' : 'enabled' })}
    >
      {enabled ? <Trans>Désactiver</Trans> : <Trans>Réactiver</Trans>}
    </Button>
  );
}
