import type { QuoteView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../format.ts';

/** The quote's totals as the server computed them: excluding tax, VAT per rate, total. */
export function QuoteTotals({ totals, currency }: { totals: QuoteView['totals']; currency: string }) {
  const { i18n } = useLingui();
  const row = 'flex justify-between gap-8 py-1';
  return (
    <dl className="ml-auto w-full max-w-sm rounded-lg bg-white p-4 text-sm shadow-sm">
      <div className={row}>
        <dt>
          <Trans>Total HT</Trans>
        </dt>
        <dd className="tabular-nums">{formatAmount(totals.subtotal, currency)}</dd>
      </div>
      {totals.discountAmount > 0 && (
        <div className={row}>
          <dt>
            <Trans>Remise</Trans>
          </dt>
          <dd className="tabular-nums">−{formatAmount(totals.discountAmount, currency)}</dd>
        </div>
      )}
      {totals.taxes.map((tax) => {
        const rate = i18n.number(tax.rate, { maximumFractionDigits: 4 });
        const base = formatAmount(tax.base, currency);
        return (
          <div key={tax.rate} className={row}>
            <dt>
              <Trans>
                TVA {rate} % sur {base}
              </Trans>
            </dt>
            <dd className="tabular-nums">{formatAmount(tax.amount, currency)}</dd>
          </div>
        );
      })}
      <div className={`${row} border-t border-slate-200 pt-2 text-base font-semibold`}>
        <dt>
          <Trans>Total TTC</Trans>
        </dt>
        <dd className="tabular-nums">{formatAmount(totals.total, currency)}</dd>
      </div>
    </dl>
  );
}
