import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { InvoiceDetail } from '../detail/types.ts';
import { Refusal } from './refusal.tsx';
import { useActionOutcome } from './use-invoice-mutation.ts';

/**
 * Cancels the invoice after a confirmation: a DRAFT keeps its number and is CANCELLED; an issued
 * invoice is cancelled by a credit note, which the detail then links to.
 */
export function CancelAction({ invoice, kind }: { invoice: InvoiceDetail; kind: 'draft' | 'credit-note' }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const outcome = useActionOutcome();
  const number = invoice.number;
  const cancel = useMutation(
    trpc.invoices.cancel.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await outcome.succeeded(
          kind === 'draft' ? t`Brouillon ${number} annulé.` : t`Facture ${number} annulée par un avoir.`,
        );
      },
    }),
  );
  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          cancel.reset();
          setOpen(true);
        }}
      >
        {kind === 'draft' ? <Trans>Annuler le brouillon</Trans> : <Trans>Annuler par un avoir</Trans>}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={<Trans>Annuler la facture {number} ?</Trans>}
        description={
          kind === 'draft' ? (
            <Trans>
              Le brouillon garde son numéro, que le registre conserve, et ne pourra plus être envoyé.
            </Trans>
          ) : (
            <Trans>
              Un avoir du même montant est émis aujourd’hui et annule la facture. Cette opération est
              définitive.
            </Trans>
          )
        }
        confirmLabel={kind === 'draft' ? <Trans>Annuler le brouillon</Trans> : <Trans>Émettre l’avoir</Trans>}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: invoice.id })}
      >
        {cancel.isError && <Refusal error={cancel.error} message={outcome.errorMessage(cancel.error)} />}
      </ConfirmDialog>
    </>
  );
}
