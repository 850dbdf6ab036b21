import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CompanyRow } from './columns.tsx';
import { IdentifierCheck } from './identifier-check.tsx';
import { reportedStatus } from './identifier-checks.ts';

/** A company as a member who may not edit it sees it: its fields, and the server's checks. */
export function CompanyDetails({ company }: { company: CompanyRow }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      <Row term={<Trans>Nom</Trans>}>{company.name}</Row>
      <Row term={<Trans>SIRET</Trans>}>
        <span className="flex flex-col">
          {company.siret}
          <IdentifierCheck kind="siret" status={reportedStatus(company.siretValid, company.siret, 'siret')} />
        </span>
      </Row>
      <Row term={<Trans>Numéro de TVA intracommunautaire</Trans>}>
        <span className="flex flex-col">
          {company.vatNumber}
          <IdentifierCheck
            kind="vat"
            status={reportedStatus(company.vatNumberValid, company.vatNumber, 'vat')}
          />
        </span>
      </Row>
      <Row term={<Trans>Adresse</Trans>}>
        <span className="whitespace-pre-line">{company.address ?? '—'}</span>
      </Row>
      <Row term={<Trans>Téléphone</Trans>}>{company.phone ?? '—'}</Row>
    </dl>
  );
}

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
