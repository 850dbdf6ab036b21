import { Plural, Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatAmount } from '../../format.ts';
import { dashboardQueries } from './queries.ts';

type Owed = { amount: number; count: number };

/** An amount owed, how many invoices make it, and the invoices list filtered to them. */
function OwedFigure({
  owed,
  currency,
  workspaceId,
  status,
  link,
  none,
}: {
  owed: Owed;
  currency: string;
  workspaceId: string;
  status: 'OVERDUE' | 'SENT';
  link: ReactNode;
  none: ReactNode;
}) {
  const count = owed.count;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-2xl font-semibold tabular-nums text-slate-900">
        {formatAmount(owed.amount, currency)}
      </p>
      <p className="text-sm text-slate-700">
        {count === 0 ? none : <Plural value={count} one="# facture" other="# factures" />}
      </p>
      <p>
        <Link
          to="/$workspaceId/invoices"
          params={{ workspaceId }}
          search={{ status }}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
        >
          {link}
        </Link>
      </p>
    </div>
  );
}

export function OverdueCard({ workspaceId }: { workspaceId: string }) {
  const { data } = useSuspenseQuery(dashboardQueries.receivables());
  const { overdue, currency } = data.data;
  return (
    <OwedFigure
      owed={overdue}
      currency={currency}
      workspaceId={workspaceId}
      status="OVERDUE"
      link={<Trans>Voir les factures en retard</Trans>}
      none={<Trans>Aucune facture en retard : tout est encaissé à temps.</Trans>}
    />
  );
}

export function DueSoonCard({ workspaceId }: { workspaceId: string }) {
  const { data } = useSuspenseQuery(dashboardQueries.receivables());
  const { dueSoon, currency } = data.data;
  return (
    <OwedFigure
      owed={dueSoon}
      currency={currency}
      workspaceId={workspaceId}
      status="SENT"
      link={<Trans>Voir les factures envoyées</Trans>}
      none={<Trans>Aucune facture n’arrive à échéance dans les 30 jours.</Trans>}
    />
  );
}
