import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatAmount } from '../../format.ts';
import { useCan } from '../../session/permissions.ts';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { sumAmounts } from './amounts.ts';
import { Board } from './board.tsx';
import { useBoardColumns } from './board-data.ts';
import { boardCurrency } from './opportunity-card.tsx';
import { OpportunitySheet, type SheetSearch } from './opportunity-sheet.tsx';
import { closedStatuses } from './statuses.ts';

export function OpportunitiesScreen({ search }: { search: SheetSearch }) {
  const { t } = useLingui();
  const canWrite = useCan('write:opportunities');
  const columns = useBoardColumns();
  const total = columns.reduce((count, column) => count + column.total, 0);
  const open = columns.filter((column) => !closedStatuses.has(column.status));
  const openCount = open.reduce((count, column) => count + column.total, 0);
  const pipeline = formatAmount(
    sumAmounts(open.flatMap((column) => column.cards.map((card) => card.amount))),
    boardCurrency,
  );
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={<Trans>Opportunités</Trans>}
        documentTitle={t`Opportunités · Comptoir`}
        actions={
          canWrite && (
            <Link to="." search={{ sheet: 'new' }} className={buttonClass()}>
              <Trans>Nouvelle opportunité</Trans>
            </Link>
          )
        }
      >
        {total > 0 && (
          <p className="text-sm text-slate-700">
            <Plural value={openCount} _0="Aucune en cours" one="# en cours" other="# en cours" />
            {' · '}
            <Trans>{pipeline} en jeu</Trans>
          </p>
        )}
      </PageHeader>
      {!canWrite && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
          <Trans>Lecture seule : votre rôle permet de consulter les opportunités, pas de les modifier.</Trans>
        </p>
      )}
      {total === 0 ? (
        <NoOpportunitiesYet canWrite={canWrite} />
      ) : (
        <Board columns={columns} canWrite={canWrite} />
      )}
      <OpportunitySheet search={search} canWrite={canWrite} />
    </div>
  );
}

function NoOpportunitiesYet({ canWrite }: { canWrite: boolean }) {
  return (
    <EmptyState title={<Trans>Pas encore d’opportunité</Trans>}>
      <p className="text-slate-700">
        <Trans>
          Une opportunité suit une affaire de son premier contact jusqu’à sa signature : créez-en une, ou
          rattachez un devis à une opportunité.
        </Trans>
      </p>
      {canWrite && (
        <Link to="." search={{ sheet: 'new' }} className={buttonClass()}>
          <Trans>Créer une opportunité</Trans>
        </Link>
      )}
    </EmptyState>
  );
}
