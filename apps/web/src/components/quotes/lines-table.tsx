import type { DocumentLineView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../format.ts';
import { formatPercent, formatQuantity } from './numbers.ts';

/** The quote's lines as the client reads them: what, how many, at what price, which VAT. */
export function QuoteLinesTable({ lines, currency }: { lines: DocumentLineView[]; currency: string }) {
  const { t } = useLingui();
  const discounted = lines.some((line) => line.discountPercent > 0);
  const head = 'px-3 py-2 font-semibold text-slate-700';
  const cell = 'px-3 py-2';
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t`Lignes du devis`}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${head} text-left`}>
              <Trans>Désignation</Trans>
            </th>
            <th scope="col" className={`${head} text-right`}>
              <Trans>Quantité</Trans>
            </th>
            <th scope="col" className={`${head} text-right`}>
              <Trans>Prix unitaire HT</Trans>
            </th>
            {discounted && (
              <th scope="col" className={`${head} text-right`}>
                <Trans>Remise</Trans>
              </th>
            )}
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
              <td className={cell}>{line.description}</td>
              <td className={`${cell} text-right tabular-nums`}>
                {formatQuantity(line.quantity)}
                {line.unit === null ? '' : ` ${line.unit}`}
              </td>
              <td className={`${cell} text-right tabular-nums`}>{formatAmount(line.unitPrice, currency)}</td>
              {discounted && (
                <td className={`${cell} text-right tabular-nums`}>{formatPercent(line.discountPercent)}</td>
              )}
              <td className={`${cell} text-right tabular-nums`}>{formatPercent(line.taxRate)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatAmount(line.netAmount, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
