import { useLingui } from '@lingui/react/macro';
import { ListSkeleton } from '../ui/list-skeleton.tsx';

export function CompaniesSkeleton() {
  const { t } = useLingui();
  return <ListSkeleton label={t`Chargement des sociétés…`} />;
}
