import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { trpc } from '../../../trpc/client.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { SectionHeader } from '../layout.tsx';
import { CreateKeyDialog } from './create-key-dialog.tsx';
import { KeysTable } from './keys-table.tsx';

export const keysQuery = () => trpc.keys.list.queryOptions({});

export function KeysScreen() {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(keysQuery());
  return (
    <div className="flex flex-col gap-6">
      <SectionHeader
        title={t`Clés d’API`}
        documentTitle={t`Clés d’API · Réglages · Comptoir`}
        description={t`Les clés des programmes qui parlent à l’API REST au nom de l’espace (caisse, site marchand, comptabilité).`}
        actions={<CreateKeyDialog />}
      />
      {data.data.length > 0 ? (
        <KeysTable keys={data.data} />
      ) : (
        <EmptyState title={<Trans>Pas encore de clé d’API</Trans>}>
          <p className="text-slate-700">
            <Trans>
              Créez une clé pour chaque programme qui doit lire ou écrire dans l’espace, avec les seules
              autorisations dont il a besoin.
            </Trans>
          </p>
        </EmptyState>
      )}
    </div>
  );
}
