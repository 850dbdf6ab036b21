import { paymentCreateSchema, paymentMethodSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatAmount } from '../../../format.ts';
import { showServerErrors, useSchemaForm } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { typedNumber } from '../../lines/line-values.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import type { InvoiceDetail } from '../detail/types.ts';
import { fieldError } from '../form/field-error.ts';
import { instantToDay } from '../form/text-values.ts';
import { usePaymentMethodLabels } from '../payment-methods.ts';
import { Refusal } from './refusal.tsx';
import { useActionOutcome } from './use-invoice-mutation.ts';

/** The day a payment was received, as an instant: now for today, midday UTC for another day. */
function paymentInstant(day: string): string | undefined {
  if (day === '') return undefined;
  const now = new Date().toISOString();
  return day === now.slice(0, 10) ? now : `${day}T12:00:00Z`;
}

/** Records a payment, the balance by default (a smaller amount is a partial payment). */
export function PaymentAction({ invoice }: { invoice: InvoiceDetail }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Trans>Enregistrer un paiement</Trans>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        title={<Trans>Enregistrer un paiement</Trans>}
        description={<PaymentDescription invoice={invoice} />}
      >
        <PaymentForm invoice={invoice} onDone={() => setOpen(false)} onBusy={setBusy} />
      </Dialog>
    </>
  );
}

function PaymentDescription({ invoice }: { invoice: InvoiceDetail }) {
  const number = invoice.number;
  const balance = formatAmount(invoice.totals.balance, invoice.currency);
  return (
    <Trans>
      Facture {number} : reste dû {balance}.
    </Trans>
  );
}

function PaymentForm({
  invoice,
  onDone,
  onBusy,
}: {
  invoice: InvoiceDetail;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  const methods = usePaymentMethodLabels();
  const outcome = useActionOutcome();
  const form = useSchemaForm(paymentCreateSchema, {
    amount: invoice.totals.balance,
    paidAt: new Date().toISOString(),
    method: 'transfer',
  });
  const record = useMutation(
    trpc.invoices.recordPayment.mutationOptions({
      onMutate: () => onBusy(true),
      onSettled: () => onBusy(false),
      onSuccess: async (_, payment) => {
        const amount = formatAmount(payment.amount, invoice.currency);
        // The dialog closes once the invoice is read again: opened at once for the next payment,
        // it must propose what is left to pay now, not the balance before this one.
        await outcome.succeeded(t`Paiement de ${amount} enregistré.`);
        onDone();
      },
      onError: (error) => showServerErrors(form, error),
    }),
  );
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((payment) => record.mutate({ id: invoice.id, ...payment }))}
    >
      <fieldset disabled={record.isPending} className="grid gap-3 sm:grid-cols-2">
        <Field
          label={<Trans>Montant</Trans>}
          error={fieldError(errors.amount, t`Un montant a au plus deux décimales.`)}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              {...form.register('amount', { setValueAs: typedNumber })}
              className={`${inputClass} text-right tabular-nums`}
            />
          )}
        </Field>
        <Field
          label={<Trans>Date du paiement</Trans>}
          error={fieldError(errors.paidAt, t`Saisissez une date.`)}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="paidAt"
              render={({ field }) => (
                <input
                  {...control}
                  type="date"
                  name={field.name}
                  ref={field.ref}
                  value={instantToDay(field.value)}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(paymentInstant(event.target.value))}
                  className={inputClass}
                />
              )}
            />
          )}
        </Field>
        <Field label={<Trans>Moyen de paiement</Trans>} error={errors.method?.message}>
          {(control) => (
            <select {...control} {...form.register('method')} className={inputClass}>
              {paymentMethodSchema.options.map((method) => (
                <option key={method} value={method}>
                  {methods[method]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={<Trans>Référence</Trans>}
          hint={<Trans>Facultatif</Trans>}
          error={errors.reference?.message}
        >
          {(control) => (
            <input
              {...control}
              {...form.register('reference', {
                setValueAs: (typed: unknown) =>
                  typeof typed === 'string' && typed.trim() === '' ? undefined : typed,
              })}
              className={inputClass}
            />
          )}
        </Field>
      </fieldset>
      {record.isError && <Refusal error={record.error} message={outcome.errorMessage(record.error)} />}
      <FormActions
        pending={record.isPending}
        onCancel={onDone}
        submitLabel={<Trans>Enregistrer le paiement</Trans>}
      />
    </form>
  );
}
