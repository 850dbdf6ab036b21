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
import { useContactColumns } from './columns.tsx';
import { CompanyFilter } from './company-filter.tsx';
import { ContactSheet, type ContactSheetState } from './contact-sheet.tsx';
import {
  NoCompanyContacts,
  NoContactMatches,
  NoContactsYet,
  PastTheLastContactPage,
} from './empty-states.tsx';
import { contactsListInput, contactsPageSize } from './list-input.ts';

export function ContactsScreen({
  q,
  page,
  companyId,
  sheet,
}: {
  q: string | undefined;
  page: number;
  /** Only this company's contacts (`?companyId=`). */
  companyId: string | undefined;
  sheet: ContactSheetState | undefined;
}) {
  const { t } = useLingui();
  const canWrite = useCan('write:contacts');
  const { data: list } = useSuspenseQuery(
    trpc.contacts.list.queryOptions(contactsListInput(q, page, companyId)),
  );
  const total = list.pagination.total;
  const columns = useContactColumns();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={<Trans>Contacts</Trans>}
        documentTitle={t`Contacts · Comptoir`}
        actions={
          canWrite && (
            <Link
              from="/$workspaceId/contacts/"
              search={(previous) => ({ ...previous, contact: undefined, sheet: 'new' as const })}
              className={buttonClass()}
            >
              <Trans>Nouveau contact</Trans>
            </Link>
          )
        }
      />
      {companyId !== undefined && <CompanyFilter companyId={companyId} />}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SearchInput value={q} label={t`Rechercher un contact`} />
        <p className="text-sm text-slate-700" aria-live="polite">
          <Plural value={total} _0="Aucun contact" one="# contact" other="# contacts" />
        </p>
      </div>
      {list.data.length > 0 ? (
        <>
          <DataTable
            caption={t`Contacts`}
            rows={list.data}
            columns={columns}
            rowId={(contact) => contact.id}
          />
          <Pager page={page} pages={pageCount(total, contactsPageSize)} />
        </>
      ) : total > 0 ? (
        <PastTheLastContactPage />
      ) : q === undefined && companyId !== undefined ? (
        <NoCompanyContacts canWrite={canWrite} companyId={companyId} />
      ) : q === undefined ? (
        <NoContactsYet canWrite={canWrite} />
      ) : (
        <NoContactMatches q={q} />
      )}
      <ContactSheet state={sheet} />
    </div>
  );
}
