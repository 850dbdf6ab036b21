import type { EndpointWithSecret } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useInvalidateWebhooks } from '../invalidate.ts';
import { EndpointForm, endpointFormValues } from './endpoint-form.tsx';
import { SigningSecret } from './signing-secret.tsx';

/** Registers an endpoint, then shows its signing secret, this once. */
export function CreateEndpointDialog({ workspaceId }: { workspaceId: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateWebhooks();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<EndpointWithSecret | undefined>();
  const create = useMutation(trpc.webhookEndpoints.create.mutationOptions());
  const close = () => {
    setOpen(false);
    setCreated(undefined);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Trans>Ajouter un endpoint</Trans>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        busy={create.isPending}
        size="lg"
        title={created ? t`Endpoint ajouté` : t`Ajouter un endpoint`}
      >
        {created === undefined ? (
          <EndpointForm
            initial={endpointFormValues()}
            pending={create.isPending}
            submitLabel={t`Ajouter l’endpoint`}
            onCancel={close}
            onSubmit={(input, form) =>
              create.mutate(input, {
                onSuccess: async ({ data }) => {
                  setCreated(data);
                  await invalidate();
                },
                onError: (error) => {
                  showServerErrors(form, error);
                  toast(errorMessage(error), 'error');
                },
              })
            }
          />
        ) : (
          <>
            <SigningSecret secret={created.secret} />
            <div className="flex justify-end gap-2">
              <Link
                to="/$workspaceId/settings/webhooks/$endpointId"
                params={{ workspaceId, endpointId: created.id }}
                className={buttonClass('secondary')}
              >
                <Trans>Voir l’endpoint</Trans>
              </Link>
              <Button onClick={close}>
                <Trans>J’ai copié le secret</Trans>
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
