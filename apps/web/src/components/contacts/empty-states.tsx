import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc/client.ts';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

const actionClass = buttonClass();

export function NoContactsYet({ canWrite }: { canWrite: boolean }) {
  return (
    <EmptyState title={<Trans>Pas encore de contact</Trans>}>
      <p className="text-slate-700">
        {canWrite ? (
          <Trans>Ajoutez les personnes avec qui vous travaillez, et rattachez-les à leur société.</Trans>
        ) : (
          <Trans>Les contacts de cet espace apparaîtront ici dès qu’un membre en aura ajouté.</Trans>
        )}
      </p>
      {canWrite && (
        <Link from="/$workspaceId/contacts/" search={{ sheet: 'new' }} className={actionClass}>
          <Trans>Ajouter un contact</Trans>
        </Link>
      )}
    </EmptyState>
  );
}

/**
 * The list filtered by a company (`?companyId=`) that has no contact. A new contact starts on
 * it, once the company is read (the filter above says when it does not exist).
 */
export function NoCompanyContacts({ canWrite, companyId }: { canWrite: boolean; companyId: string }) {
  const company = useQuery(trpc.companies.get.queryOptions({ id: companyId }));
  const canAdd = canWrite && company.data !== undefined;
  return (
    <EmptyState title={<Trans>Aucun contact n’est rattaché à cette société</Trans>}>
      <p className="text-slate-700">
        {company.isError ? (
          <Trans>Cette société n’existe pas ou plus : voyez tous les contacts.</Trans>
        ) : canAdd ? (
          <Trans>Ajoutez-en un : il sera rattaché à cette société.</Trans>
        ) : (
          <Trans>Ses contacts apparaîtront ici dès qu’un membre en aura rattaché.</Trans>
        )}
      </p>
      {canAdd && (
        <Link
          from="/$workspaceId/contacts/"
          search={(previous) => ({ ...previous, contact: undefined, sheet: 'new' as const })}
          className={actionClass}
        >
          <Trans>Ajouter un contact à cette société</Trans>
        </Link>
      )}
    </EmptyState>
  );
}

export function NoContactMatches({ q }: { q: string }) {
  return (
    <EmptyState title={<Trans>Aucun contact ne correspond à « {q} »</Trans>}>
      <p className="text-slate-700">
        <Trans>
          La recherche porte sur le nom, l’e-mail et le nom de la société. Essayez un autre mot, ou
          effacez-la.
        </Trans>
      </p>
      <Link
        from="/$workspaceId/contacts/"
        search={(previous) => ({ ...previous, q: undefined, page: undefined })}
        className={actionClass}
      >
        <Trans>Effacer la recherche</Trans>
      </Link>
    </EmptyState>
  );
}

export function PastTheLastContactPage() {
  return (
    <EmptyState title={<Trans>Cette page est vide</Trans>}>
      <p className="text-slate-700">
        <Trans>La liste est plus courte que cela.</Trans>
      </p>
      <Link
        from="/$workspaceId/contacts/"
        search={(previous) => ({ ...previous, page: undefined })}
        className={actionClass}
      >
        <Trans>Revenir à la première page</Trans>
      </Link>
    </EmptyState>
  );
}
