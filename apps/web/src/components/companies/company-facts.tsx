import { Trans } from '@lingui/react/macro';
import type { CompanyRow } from './columns.tsx';

/** What a company's record holds beyond its form, which does not change them: supplier, phone. */
export function CompanyFacts({ company }: { company: CompanyRow }) {
  const phone = company.phone;
  if (!company.isSupplier && phone === null) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {company.isSupplier && (
        <li>
          <Trans>Fournisseur</Trans>
        </li>
      )}
      {phone !== null && (
        <li>
          <Trans>Téléphone : {phone}</Trans>
        </li>
      )}
    </ul>
  );
}
