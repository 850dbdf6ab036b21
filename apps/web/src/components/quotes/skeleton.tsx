import { useLingui } from '@lingui/react/macro';
import { ListSkeleton } from '../ui/list-skeleton.tsx';

export function QuotesSkeleton() {
  const { t } = useLingui();
  return <ListSkeleton label={t`Chargement des devis…`} />;
}

/** The detail's shape while the quote comes: a heading, the client and the lines. */
export function QuoteDetailSkeleton() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {t`Chargement du devis…`}
      </p>
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="h-32 animate-pulse rounded-lg bg-slate-100" />
        <div className="h-32 animate-pulse rounded-lg bg-slate-100" />
      </div>
      <div className="h-48 animate-pulse rounded-lg bg-slate-100" />
    </div>
  );
}
