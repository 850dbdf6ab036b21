import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDay } from '../../../format.ts';
import { Section } from './section.tsx';
import type { InvoiceDetail } from './types.ts';

/** The invoice's days: made, issued, due, paid, delivered. */
export function DatesCard({ invoice }: { invoice: InvoiceDetail }) {
  const day = (iso: string | null) => (iso === null ? '—' : formatDay(iso));
  return (
    <Section title={<Trans>Dates</Trans>}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Row label={<Trans>Créée le</Trans>} value={day(invoice.createdAt)} />
        <Row label={<Trans>Émise le</Trans>} value={day(invoice.issuedAt)} />
        {invoice.type === 'invoice' && <Row label={<Trans>Échéance</Trans>} value={day(invoice.dueAt)} />}
        {invoice.paidAt !== null && <Row label={<Trans>Payée le</Trans>} value={day(invoice.paidAt)} />}
        {invoice.deliveryDate !== null && (
          <Row label={<Trans>Livraison</Trans>} value={day(invoice.deliveryDate)} />
        )}
      </dl>
    </Section>
  );
}

function Row({ label, value }: { label: ReactNode; value: string }) {
  return (
    <div className="contents">
      <dt className="text-slate-600">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
