import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { formatDay } from '../../format.ts';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { trpc } from '../../trpc/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { useDiscardGuard } from '../ui/discard-guard.tsx';
import { CreateOpportunityForm } from './create-form.tsx';
import { EditOpportunityForm } from './edit-form.tsx';
import { cachedCard } from './move-cache.ts';

/** The sheet's state in the URL: `?sheet=new` to create, `?opportunity=<id>` to open one. */
export interface SheetSearch {
  sheet?: 'new' | undefined;
  opportunity?: string | undefined;
}

/** The side sheet where an opportunity is created or opened; Back or Escape closes it. */
export function OpportunitySheet({ search, canWrite }: { search: SheetSearch; canWrite: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const creating = search.sheet === 'new' && canWrite;
  const id = creating ? undefined : search.opportunity;
  const close = useCallback(() => {
    setBusy(false);
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({
        ...previous,
        sheet: undefined,
        opportunity: undefined,
      }),
    });
  }, [navigate]);
  // Closing with changes typed asks first; a save closes without asking.
  const { setDirty, requestClose, leave, guard } = useDiscardGuard(close, creating ? 'new' : (id ?? ''));
  const title = creating ? t`Nouvelle opportunité` : canWrite ? t`Modifier l’opportunité` : t`Opportunité`;
  const actions = { onDone: leave, onCancel: requestClose, onDirty: setDirty, onBusy: setBusy };
  // The guard is the sheet's sibling, not its child: Escape on its question must not reach the sheet.
  return (
    <>
      <Dialog
        open={creating || id !== undefined}
        onClose={requestClose}
        title={title}
        size="sheet"
        busy={busy}
      >
        {creating ? (
          <CreateOpportunityForm {...actions} />
        ) : id !== undefined ? (
          <OpenedOpportunity key={id} id={id} canWrite={canWrite} {...actions} />
        ) : null}
      </Dialog>
      {guard}
    </>
  );
}

/** What a sheet's form is told: saved, cancelled, changed, saving. */
export interface SheetActions {
  onDone: () => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
  onBusy: (busy: boolean) => void;
}

/**
 * An opportunity opened from the board: its card's fields at once (from the board's lists),
 * then its detail (when its quote went out) once `opportunities.get` answers.
 */
function OpenedOpportunity({ id, canWrite, ...actions }: { id: string; canWrite: boolean } & SheetActions) {
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const detail = useQuery(trpc.opportunities.get.queryOptions({ id }));
  const [fromBoard] = useState(() => cachedCard(queryClient, id));
  const opportunity = fromBoard ?? detail.data?.data;
  if (opportunity === undefined)
    return detail.isError ? (
      <p role="alert" className="font-medium text-red-800">
        {errorMessage(detail.error)}
      </p>
    ) : (
      <p role="status" className="text-slate-700">
        <Trans>Chargement de l’opportunité…</Trans>
      </p>
    );
  const created = formatDay(opportunity.createdAt);
  const quoteSentAt = detail.data?.data.quoteSentAt;
  const quoteSent = quoteSentAt ? formatDay(quoteSentAt) : undefined;
  const won = opportunity.wonAt === null ? undefined : formatDay(opportunity.wonAt);
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col text-sm text-slate-700">
        <li>
          <Trans>Créée le {created}</Trans>
        </li>
        {quoteSent !== undefined && (
          <li>
            <Trans>Devis envoyé le {quoteSent}</Trans>
          </li>
        )}
        {won !== undefined && (
          <li>
            <Trans>Gagnée le {won}</Trans>
          </li>
        )}
      </ul>
      <EditOpportunityForm opportunity={opportunity} canWrite={canWrite} {...actions} />
    </div>
  );
}
