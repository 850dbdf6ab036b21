import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../format.ts';
import { dashboardQueries } from './queries.ts';
import { footerLinkClass, RecordList } from './record-list.tsx';

/** The open opportunities whose follow-up is past or within 7 days, soonest first. */
export function FollowUps({ workspaceId }: { workspaceId: string }) {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(dashboardQueries.followUps());
  const { count, opportunities } = data.data;
  const now = Date.now();
  return (
    <RecordList
      items={opportunities}
      label={t`Opportunités à relancer`}
      itemKey={(opportunity) => opportunity.id}
      render={(opportunity) => {
        const due = opportunity.nextFollowUpAt ?? '';
        const late = Date.parse(due) < now;
        const day = formatDay(due);
        return (
          <>
            <span className="min-w-0 truncate">
              <span className="font-medium text-slate-900">{opportunity.title}</span>
              {opportunity.company !== null && <> · {opportunity.company.name}</>}
            </span>
            <span className={late ? 'font-medium text-red-800' : 'text-slate-700'}>
              {late ? t`relance en retard depuis le ${day}` : t`à relancer le ${day}`}
            </span>
          </>
        );
      }}
      empty={
        <Trans>
          Aucune relance prévue cette semaine. Donnez une date de relance à une opportunité pour la voir ici.
        </Trans>
      }
      footer={
        <Link to="/$workspaceId/opportunities" params={{ workspaceId }} className={footerLinkClass}>
          {count > 0 ? (
            <Plural
              value={count}
              one="Voir l’opportunité à relancer"
              other="Voir les # opportunités à relancer"
            />
          ) : (
            <Trans>Voir les opportunités</Trans>
          )}
        </Link>
      }
    />
  );
}
