import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { IdentifierCheck } from '../companies/identifier-check.tsx';
import { reportedStatus } from '../companies/identifier-checks.ts';
import type { ContactDetail } from './contact-edit-form.tsx';

/** The contact's company as `contacts.get` gives it in full: its identifiers and their checks. */
export function ContactCompany({ company }: { company: NonNullable<ContactDetail['company']> }) {
  return (
    <section aria-labelledby="contact-company" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 id="contact-company" className="text-lg font-semibold">
        <Trans>Sa société</Trans>
      </h3>
      <p>
        <Link
          to="/$workspaceId/companies"
          from="/$workspaceId/contacts/"
          search={{ company: company.id }}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {company.name}
        </Link>
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        <li className="flex flex-wrap gap-2">
          {company.siret !== null && <span className="tabular-nums">{company.siret}</span>}
          <IdentifierCheck kind="siret" status={reportedStatus(company.siretValid, company.siret, 'siret')} />
        </li>
        <li className="flex flex-wrap gap-2">
          {company.vatNumber !== null && <span>{company.vatNumber}</span>}
          <IdentifierCheck
            kind="vat"
            status={reportedStatus(company.vatNumberValid, company.vatNumber, 'vat')}
          />
        </li>
        {company.address !== null && <li className="whitespace-pre-line">{company.address}</li>}
      </ul>
    </section>
  );
}
