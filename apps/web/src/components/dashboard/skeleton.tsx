import { useLingui } from '@lingui/react/macro';

/** Shaped like the dashboard's grid while the route gets ready. */
export function DashboardSkeleton() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        {t`Chargement du tableau de bord…`}
      </p>
      <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1].map((block) => (
          <div key={block} className="h-36 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
    </div>
  );
}
