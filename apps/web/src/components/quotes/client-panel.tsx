import type { QuoteDetailView } from '@comptoir/core/schemas';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>;
}

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-700">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** Who the quote is for, as the document names them. */
export function ClientPanel({ quote }: { quote: QuoteDetailView }) {
  return (
    <Panel title={<Trans>Client</Trans>}>
      <Facts>
        <Fact label={<Trans>Nom</Trans>}>{quote.clientName}</Fact>
        {quote.clientCompany !== null && <Fact label={<Trans>Société</Trans>}>{quote.clientCompany}</Fact>}
        <Fact label={<Trans>E-mail</Trans>}>
          <a href={`mailto:${quote.clientEmail}`} className="text-brand-700 underline">
            {quote.clientEmail}
          </a>
        </Fact>
        {quote.clientAddress !== null && (
          <Fact label={<Trans>Adresse</Trans>}>
            <span className="whitespace-pre-line">{quote.clientAddress}</span>
          </Fact>
        )}
        {quote.clientSiret !== null && <Fact label={<Trans>SIRET</Trans>}>{quote.clientSiret}</Fact>}
        {quote.clientVatNumber !== null && (
          <Fact label={<Trans>N° de TVA</Trans>}>{quote.clientVatNumber}</Fact>
        )}
      </Facts>
    </Panel>
  );
}
