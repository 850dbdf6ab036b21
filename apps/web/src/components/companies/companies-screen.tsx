import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { buttonClass } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pager, pageCount } from '../ui/pager.tsx';
import { SearchInput } from '../ui/search-input.tsx';
import { useCompanyColumns } from './columns.tsx';
import { CompanySheet, type CompanySheetState } from './company-sheet.tsx';
import { NoCompaniesYet, NoCompanyMatches, PastTheLastCompanyPage } from './empty-states.tsx';
import { companiesListInput, companiesPageSize } from './list-input.ts';

export function CompaniesScreen({
  q,
  page,
  sheet,
}: {
  q: string | undefined;
  page: number;
  sheet: CompanySheetState | undefined;
}) {
  const { t } = useLingui();
  const canWrite = useCan('write:contacts');
  const { data: list } = useSuspenseQuery(trpc.companies.list.queryOptions(companiesListInput(q, page)));
  const total = list.pagination.total;
  const columns = useCompanyColumns();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={<Trans>Sociétés</Trans>}
        documentTitle={t`Sociétés · Comptoir`}
        actions={
          canWrite && (
            <Link
              from="/$workspaceId/companies/"
              search={(previous) => ({ ...previous, company: undefined, sheet: 'new' as const })}
              className={buttonClass()}
            >
              <Trans>Nouvelle société</Trans>
            </Link>
          )
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SearchInput value={q} label={t`Rechercher une société`} />
        <p className="text-sm text-slate-700" aria-live="polite">
          <Plural value={total} _0="Aucune société" one="# société" other="# sociétés" />
        </p>
      </div>
      {list.data.length > 0 ? (
        <>
          <DataTable
            caption={t`Sociétés`}
            rows={list.data}
            columns={columns}
            rowId={(company) => company.id}
          />
          <Pager page={page} pages={pageCount(total, companiesPageSize)} />
        </>
      ) : total > 0 ? (
        <PastTheLastCompanyPage />
      ) : q === undefined ? (
        <NoCompaniesYet canWrite={canWrite} />
      ) : (
        <NoCompanyMatches q={q} />
      )}
      <CompanySheet state={sheet} />
    </div>
  );
}
