import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { InvoiceDetail } from '../detail/types.ts';
import { Refusal } from './refusal.tsx';
import { useActionOutcome } from './use-invoice-mutation.ts';

/** DRAFT → SENT, after a confirmation: the invoice is issued today and can no longer change. */
export function SendAction({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const outcome = useActionOutcome();
  const number = invoice.number;
  const send = useMutation(
    trpc.invoices.send.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await outcome.succeeded(t`Facture ${number} envoyée.`);
      },
    }),
  );
  return (
    <>
      <Button
        onClick={() => {
          send.reset();
          setOpen(true);
        }}
      >
        <Trans>Envoyer</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={<Trans>Envoyer la facture {number} ?</Trans>}
        description={
          <Trans>
            Elle sera émise aujourd’hui et ne pourra plus être modifiée ; pour la corriger, il faudra
            l’annuler par un avoir.
          </Trans>
        }
        confirmLabel={<Trans>Envoyer la facture</Trans>}
        variant="primary"
        pending={send.isPending}
        onConfirm={() => send.mutate({ id: invoice.id })}
      >
        {send.isError && <Refusal error={send.error} message={outcome.errorMessage(send.error)} />}
      </ConfirmDialog>
    </>
  );
}
