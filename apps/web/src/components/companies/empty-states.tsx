import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

const actionClass = buttonClass();

export function NoCompaniesYet({ canWrite }: { canWrite: boolean }) {
  return (
    <EmptyState title={<Trans>Pas encore de société</Trans>}>
      <p className="text-slate-700">
        {canWrite ? (
          <Trans>
            Ajoutez vos clients et fournisseurs : leur SIRET et leur numéro de TVA sont vérifiés pendant la
            saisie.
          </Trans>
        ) : (
          <Trans>Les sociétés de cet espace apparaîtront ici dès qu’un membre en aura ajouté.</Trans>
        )}
      </p>
      {canWrite && (
        <Link from="/$workspaceId/companies/" search={{ sheet: 'new' }} className={actionClass}>
          <Trans>Ajouter une société</Trans>
        </Link>
      )}
    </EmptyState>
  );
}

export function NoCompanyMatches({ q }: { q: string }) {
  return (
    <EmptyState title={<Trans>Aucune société ne correspond à « {q} »</Trans>}>
      <p className="text-slate-700">
        <Trans>
          La recherche porte sur le nom, le SIRET et le numéro de TVA. Essayez un autre mot, ou effacez-la.
        </Trans>
      </p>
      <Link from="/$workspaceId/companies/" search={{}} className={actionClass}>
        <Trans>Effacer la recherche</Trans>
      </Link>
    </EmptyState>
  );
}

export function PastTheLastCompanyPage() {
  return (
    <EmptyState title={<Trans>Cette page est vide</Trans>}>
      <p className="text-slate-700">
        <Trans>La liste est plus courte que cela.</Trans>
      </p>
      <Link
        from="/$workspaceId/companies/"
        search={(previous) => ({ ...previous, page: undefined })}
        className={actionClass}
      >
        <Trans>Revenir à la première page</Trans>
      </Link>
    </EmptyState>
  );
}
