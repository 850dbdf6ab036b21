import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc/client.ts';
import { buttonClass } from '../ui/button.tsx';

/**
 * What the list is filtered by when the URL names a company (`?companyId=`): the company, a
 * link to its sheet, and the way back to every contact. A company the workspace does not have
 * says so; the server lists no contact for it.
 */
export function CompanyFilter({ companyId }: { companyId: string }) {
  const { data, isPending, isError } = useQuery(trpc.companies.get.queryOptions({ id: companyId }));
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-4 py-2">
      <p className="text-slate-800">
        {isPending ? (
          <span role="status">
            <Trans>Chargement de la société…</Trans>
          </span>
        ) : isError ? (
          <Trans>Contacts d’une société introuvable : elle n’existe pas ou plus.</Trans>
        ) : (
          <Trans>
            Contacts de la société{' '}
            <Link
              to="/$workspaceId/companies"
              from="/$workspaceId/contacts/"
              search={{ company: data.data.id }}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {data.data.name}
            </Link>
          </Trans>
        )}
      </p>
      <Link
        from="/$workspaceId/contacts/"
        search={(previous) => ({ ...previous, companyId: undefined, page: undefined })}
        className={buttonClass('secondary')}
      >
        <Trans>Voir tous les contacts</Trans>
      </Link>
    </div>
  );
}
