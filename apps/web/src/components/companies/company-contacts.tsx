import { Plural, Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc/client.ts';
import { buttonClass } from '../ui/button.tsx';
import type { CompanyRow } from './columns.tsx';

/** The company's newest contacts the sheet shows; the contacts list, filtered, has them all. */
export const companyContactsShown = 10;

/**
 * The company's contacts (`contacts.list` filtered by `companyId`), newest first: the first
 * ten, their number, and past ten a link to the contacts list filtered by the company, paged.
 */
export function CompanyContacts({ company, canWrite }: { company: CompanyRow; canWrite: boolean }) {
  const { data, isPending, isError } = useQuery(
    trpc.contacts.list.queryOptions({ companyId: company.id, limit: companyContactsShown }),
  );
  const contacts = data?.data ?? [];
  const count = data?.pagination.total ?? 0;
  const more = count > contacts.length;
  return (
    <section
      aria-labelledby="company-contacts"
      className="flex flex-col gap-2 border-t border-slate-200 pt-4"
    >
      <h3 id="company-contacts" className="text-lg font-semibold">
        <Trans>Contacts</Trans>
      </h3>
      {isPending ? (
        <p role="status" className="text-slate-600">
          <Trans>Chargement des contacts…</Trans>
        </p>
      ) : isError ? (
        <p role="alert" className="text-red-800">
          <Trans>Les contacts de cette société n’ont pas pu être chargés.</Trans>
        </p>
      ) : contacts.length === 0 ? (
        <p className="text-slate-700">
          <Trans>Aucun contact n’est rattaché à cette société.</Trans>
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {more ? (
              // Past ten: always more than one.
              <Trans>
                Les {companyContactsShown} plus récents sur {count} contacts
              </Trans>
            ) : (
              <Plural value={count} one="# contact" other="# contacts" />
            )}
          </p>
          <ul className="flex flex-col gap-1">
            {contacts.map((contact) => (
              <li key={contact.id}>
                <Link
                  to="/$workspaceId/contacts"
                  from="/$workspaceId/companies/"
                  search={{ contact: contact.id }}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {contact.name}
                </Link>{' '}
                <span className="text-slate-700">{contact.email}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {more && (
          <Link
            to="/$workspaceId/contacts"
            from="/$workspaceId/companies/"
            search={{ companyId: company.id }}
            className={buttonClass('secondary')}
          >
            <Trans>Voir les {count} contacts de la société</Trans>
          </Link>
        )}
        {canWrite && (
          <Link
            to="/$workspaceId/contacts"
            from="/$workspaceId/companies/"
            search={{ sheet: 'new', companyId: company.id }}
            className={buttonClass('secondary')}
          >
            <Trans>Ajouter un contact à cette société</Trans>
          </Link>
        )}
      </div>
    </section>
  );
}
