import { Trans } from '@lingui/react/macro';
import { Section } from './section.tsx';
import type { InvoiceDetail } from './types.ts';

/** Who the invoice is for: name, company, address, e-mail and identifiers. */
export function ClientCard({ invoice }: { invoice: InvoiceDetail }) {
  const place = [invoice.clientPostalCode, invoice.clientCity].filter((part) => part !== null).join(' ');
  return (
    <Section title={<Trans>Client</Trans>}>
      <address className="flex flex-col gap-1 not-italic">
        <span className="font-medium">{invoice.clientName}</span>
        {invoice.clientCompany !== null && <span>{invoice.clientCompany}</span>}
        {invoice.clientAddress !== null && (
          <span className="whitespace-pre-line">{invoice.clientAddress}</span>
        )}
        {(place !== '' || invoice.clientCountryCode !== '') && (
          <span>{[place, invoice.clientCountryCode].filter((part) => part !== '').join(', ')}</span>
        )}
        <a href={`mailto:${invoice.clientEmail}`} className="text-brand-700 underline">
          {invoice.clientEmail}
        </a>
      </address>
      {(invoice.clientSiren !== null || invoice.clientVatNumber !== null) && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {invoice.clientSiren !== null && (
            <div className="contents">
              <dt className="text-slate-600">
                <Trans>SIREN</Trans>
              </dt>
              <dd>{invoice.clientSiren}</dd>
            </div>
          )}
          {invoice.clientVatNumber !== null && (
            <div className="contents">
              <dt className="text-slate-600">
                <Trans>N° de TVA</Trans>
              </dt>
              <dd>{invoice.clientVatNumber}</dd>
            </div>
          )}
        </dl>
      )}
    </Section>
  );
}
