import type { EndpointView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useInvalidateWebhooks } from '../invalidate.ts';
import { SigningSecret } from './signing-secret.tsx';

/** A new signing secret, shown once; the old one keeps signing for 24 hours beside it. */
export function RotateSecret({ endpoint }: { endpoint: EndpointView }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateWebhooks();
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState<string | undefined>();
  const rotate = useMutation(
    trpc.webhookEndpoints.rotateSecret.mutationOptions({
      onSuccess: async ({ data }) => {
        setAsking(false);
        setSecret(data.secret);
        await invalidate();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    }),
  );
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        <Trans>Renouveler le secret</Trans>
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t`Renouveler le secret de signature ?`}
        description={t`Un nouveau secret signe les envois dès maintenant. L’ancien continue de signer à côté pendant 24 heures, le temps de mettre votre serveur à jour.`}
        confirmLabel={t`Renouveler le secret`}
        variant="primary"
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate({ id: endpoint.id })}
      />
      <Dialog
        open={secret !== undefined}
        onClose={() => setSecret(undefined)}
        title={t`Nouveau secret de signature`}
      >
        {secret !== undefined && <SigningSecret secret={secret} />}
        <div className="flex justify-end">
          <Button onClick={() => setSecret(undefined)}>
            <Trans>J’ai copié le secret</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** Deletes an endpoint after asking: it receives nothing more, pending deliveries included. */
export function DeleteEndpoint({ endpoint, workspaceId }: { endpoint: EndpointView; workspaceId: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateWebhooks();
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.webhookEndpoints.delete.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast(t`L’endpoint est supprimé.`);
        await navigate({ to: '/$workspaceId/settings/webhooks', params: { workspaceId } });
        await invalidate();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    }),
  );
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trans>Supprimer</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`Supprimer cet endpoint ?`}
        description={t`Il ne recevra plus rien, pas même les envois en attente. Son historique d’envois disparaît avec lui.`}
        confirmLabel={t`Supprimer l’endpoint`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: endpoint.id })}
      />
    </>
  );
}
