import { useLingui } from '@lingui/react/macro';
import { ListSkeleton } from '../ui/list-skeleton.tsx';

export function ContactsSkeleton() {
  const { t } = useLingui();
  return <ListSkeleton label={t`Chargement des contacts…`} />;
}
