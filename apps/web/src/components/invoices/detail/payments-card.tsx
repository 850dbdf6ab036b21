import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount, formatDay } from '../../../format.ts';
import { usePaymentMethodLabels } from '../payment-methods.ts';
import type { InvoiceDetail } from './types.ts';

/** The payments recorded on the invoice, oldest first, and what is left to pay. */
export function PaymentsCard({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const methods = usePaymentMethodLabels();
  const money = (amount: number) => formatAmount(amount, invoice.currency);
  const payments = [...invoice.payments].sort((a, b) => a.paidAt.localeCompare(b.paidAt));
  const balance = money(invoice.totals.balance);
  return (
    <section className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
      {payments.length === 0 ? (
        <>
          <h2 className="text-lg font-semibold">
            <Trans>Paiements</Trans>
          </h2>
          <p className="text-sm text-slate-700">
            <Trans>Aucun paiement enregistré.</Trans>
          </p>
        </>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="pb-2 text-left text-lg font-semibold">{t`Paiements`}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-1 pr-3 text-left font-semibold">
                <Trans>Date</Trans>
              </th>
              <th scope="col" className="py-1 pr-3 text-left font-semibold">
                <Trans>Moyen</Trans>
              </th>
              <th scope="col" className="py-1 pr-3 text-left font-semibold">
                <Trans>Référence</Trans>
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                <Trans>Montant</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id} className="border-b border-slate-100 last:border-0">
                <td className="py-1 pr-3">{formatDay(payment.paidAt)}</td>
                <td className="py-1 pr-3">{methods[payment.method]}</td>
                <td className="py-1 pr-3">{payment.reference ?? '—'}</td>
                <td className="py-1 text-right tabular-nums">{money(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-sm font-medium" data-balance>
        <Trans>Reste dû : {balance}</Trans>
      </p>
    </section>
  );
}
