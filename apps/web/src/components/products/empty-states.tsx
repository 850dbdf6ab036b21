import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

const actionClass = buttonClass();

export function NoProductsYet({ canWrite }: { canWrite: boolean }) {
  return (
    <EmptyState title={<Trans>Pas encore de produit</Trans>}>
      <p className="text-slate-700">
        {canWrite ? (
          <Trans>
            Créez votre premier produit : son prix, sa TVA et, s’il se stocke, sa quantité et son seuil
            d’alerte.
          </Trans>
        ) : (
          <Trans>Les produits de cet espace apparaîtront ici dès qu’un membre en aura créé.</Trans>
        )}
      </p>
      {canWrite && (
        <Link to="." search={{ sheet: 'new' as const }} className={actionClass}>
          <Trans>Nouveau produit</Trans>
        </Link>
      )}
    </EmptyState>
  );
}

export function NoProductsMatch() {
  return (
    <EmptyState title={<Trans>Aucun produit ne correspond</Trans>}>
      <p className="text-slate-700">
        <Trans>
          Aucun produit actif ne correspond à cette recherche ou à ce filtre. Essayez d’autres mots, ou
          retirez les filtres.
        </Trans>
      </p>
      <Link to="." search={{}} className={actionClass}>
        <Trans>Effacer la recherche et les filtres</Trans>
      </Link>
    </EmptyState>
  );
}

export function PastTheLastPage() {
  return (
    <EmptyState title={<Trans>Cette page est vide</Trans>}>
      <p className="text-slate-700">
        <Trans>La liste est plus courte que cela : des produits ont peut-être été archivés.</Trans>
      </p>
      <Link
        to="."
        search={(previous: Record<string, unknown>) => ({ ...previous, page: undefined })}
        className={actionClass}
      >
        <Trans>Revenir à la première page</Trans>
      </Link>
    </EmptyState>
  );
}
