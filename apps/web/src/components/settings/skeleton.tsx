import { useLingui } from '@lingui/react/macro';
import { ListSkeleton } from '../ui/list-skeleton.tsx';

export function SettingsSkeleton() {
  const { t } = useLingui();
  return <ListSkeleton label={t`Chargement des réglages…`} rows={6} />;
}
