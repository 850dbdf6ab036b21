import { useLingui } from '@lingui/react/macro';
import { boardStatuses } from './statuses.ts';

/** Shaped like the board (a header, columns of cards), so the screen does not jump when it arrives. */
export function BoardSkeleton() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {t`Chargement des opportunités…`}
      </p>
      <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      <div className="flex gap-3 overflow-hidden">
        {boardStatuses.map((status) => (
          <div key={status} className="flex w-72 shrink-0 flex-col gap-2 rounded-lg bg-slate-100 p-2">
            <div className="h-5 w-32 animate-pulse rounded bg-slate-200" />
            {[0, 1, 2].map((card) => (
              <div key={card} className="h-20 animate-pulse rounded-md bg-white" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
