import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCan } from '../../../session/permissions.ts';
import { trpc } from '../../../trpc/client.ts';
import { SectionHeader } from '../layout.tsx';
import { CompanyForm } from './company-form.tsx';

export const workspaceQuery = () => trpc.workspace.get.queryOptions({});

export function CompanyScreen() {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(workspaceQuery());
  const canEdit = useCan('write:workspace');
  return (
    <div className="flex flex-col gap-6">
      <SectionHeader
        title={t`Entreprise`}
        documentTitle={t`Entreprise · Réglages · Comptoir`}
        description={t`L’identité légale et les conditions de paiement que vos factures et devis impriment.`}
      />
      <CompanyForm key={data.data.updatedAt} workspace={data.data} canEdit={canEdit} />
    </div>
  );
}
