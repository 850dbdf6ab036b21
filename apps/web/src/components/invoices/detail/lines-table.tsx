import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../../format.ts';
import type { InvoiceDetail } from './types.ts';

/** The invoice's lines as stored, with the net amount the server computed for each. */
export function LinesTable({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatAmount(amount, invoice.currency);
  const number = (value: number) => i18n.number(value, { maximumFractionDigits: 4 });
  const lines = [...invoice.lines].sort((a, b) => a.position - b.position);
  const head = 'px-3 py-2 font-semibold text-slate-700';
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
      <table className="w-full border-collapse text-sm">
        <caption className="px-3 pt-3 text-left text-lg font-semibold">{t`Lignes`}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${head} text-left`}>
              <Trans>Description</Trans>
            </th>
            <th scope="col" className={`${head} text-right`}>
              <Trans>Quantité</Trans>
            </th>
            <th scope="col" className={`${head} text-right`}>
              <Trans>Prix unitaire HT</Trans>
            </th>
            <th scope="col" className={`${head} text-right`}>
              <Trans>Remise</Trans>
            </th>
            <th scope="col" className={`${head} text-right`}>
              <Trans>TVA</Trans>
            </th>
            <th scope="col" className={`${head} text-right`}>
              <Trans>Montant HT</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100 last:border-0">
              <td className="px-3 py-2">{line.description}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {number(line.quantity)}
                {line.unit === null ? '' : ` ${line.unit}`}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{money(line.unitPrice)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {line.discountPercent === 0 ? '—' : `${number(line.discountPercent)} %`}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{number(line.taxRate)} %</td>
              <td className="px-3 py-2 text-right tabular-nums">{money(line.netAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
