import { useLingui } from '@lingui/react/macro';
import { ListSkeleton } from '../ui/list-skeleton.tsx';

export function ProductsSkeleton() {
  const { t } = useLingui();
  return <ListSkeleton label={t`Chargement des produits…`} />;
}

export function ProductSkeleton() {
  const { t } = useLingui();
  return <ListSkeleton label={t`Chargement du produit…`} rows={5} />;
}
