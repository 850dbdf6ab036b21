import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatAmount } from '../../../format.ts';
import { Section } from './section.tsx';
import type { InvoiceDetail } from './types.ts';

/** The totals the server computed (EN 16931): excluding tax, VAT per rate, total, paid, balance. */
export function TotalsCard({ invoice }: { invoice: InvoiceDetail }) {
  const { i18n } = useLingui();
  const money = (amount: number) => formatAmount(amount, invoice.currency);
  const { totals } = invoice;
  return (
    <Section title={<Trans>Montants</Trans>}>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
        <Row label={<Trans>Total HT</Trans>} value={money(totals.subtotal)} />
        {totals.discountAmount !== 0 && (
          <Row label={<Trans>Remise</Trans>} value={`−${money(totals.discountAmount)}`} />
        )}
        {totals.taxes.map((tax) => {
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
            />
          );
        })}
        <Row label={<Trans>Total TTC</Trans>} value={money(totals.total)} strong />
        <Row label={<Trans>Déjà payé</Trans>} value={money(totals.paid)} />
        <Row label={<Trans>Reste dû</Trans>} value={money(totals.balance)} strong name="balance" />
      </dl>
      {invoice.reverseCharge && (
        <p className="text-sm text-slate-700">
          <Trans>Autoliquidation : la TVA est due par le client.</Trans>
        </p>
      )}
    </Section>
  );
}

function Row({
  label,
  value,
  strong = false,
  name,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  name?: string;
}) {
  const emphasis = strong ? 'border-t border-slate-200 pt-1 font-semibold' : '';
  return (
    <div className="contents">
      <dt className={emphasis}>{label}</dt>
      <dd className={`text-right ${emphasis}`} data-amount={name}>
        {value}
      </dd>
    </div>
  );
}
