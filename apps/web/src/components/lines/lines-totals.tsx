import { type DocumentTerms, documentAmounts } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatAmount } from '../../format.ts';
import { type LineValues, pricedLine } from './line-values.ts';

/**
 * The document's totals as its lines stand, by core's own `documentAmounts` (the code the API,
 * the PDF and the XML use): excluding tax, the discount when there is one, VAT per rate, total.
 * Announced politely as they change.
 */
export function LinesTotals({
  lines,
  currency,
  terms = {},
}: {
  lines: readonly (Partial<LineValues> | undefined)[];
  currency: string;
  terms?: DocumentTerms;
}) {
  const { t, i18n } = useLingui();
  const amounts = documentAmounts(lines.map(pricedLine), terms);
  const money = (amount: number) => formatAmount(amount, currency);
  return (
    <section
      aria-label={t`Totaux`}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm lg:sticky lg:top-4"
    >
      <h3 className="font-semibold">
        <Trans>Totaux</Trans>
      </h3>
      <dl aria-live="polite" className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
        <Row label={<Trans>Total HT</Trans>} value={money(amounts.subtotal)} name="subtotal" />
        {amounts.discountAmount !== 0 && (
          <Row label={<Trans>Remise</Trans>} value={`−${money(amounts.discountAmount)}`} name="discount" />
        )}
        {amounts.taxes.map((tax) => {
          const rate = i18n.number(tax.rate, { maximumFractionDigits: 4 });
          const base = money(tax.base);
          return (
            <Row
              key={tax.rate}
              label={
                <Trans>
                  TVA {rate} % sur {base}
                </Trans>
              }
              value={money(tax.amount)}
              name={`vat-${tax.rate}`}
            />
          );
        })}
        <Row label={<Trans>Total TTC</Trans>} value={money(amounts.total)} name="total" strong />
      </dl>
    </section>
  );
}

function Row({
  label,
  value,
  name,
  strong = false,
}: {
  label: ReactNode;
  value: string;
  name: string;
  strong?: boolean;
}) {
  const emphasis = strong ? 'border-t border-slate-200 pt-1 font-semibold' : '';
  return (
    <div className="contents">
      <dt className={emphasis}>{label}</dt>
      <dd className={`text-right ${emphasis}`} data-total={name}>
        {value}
      </dd>
    </div>
  );
}
