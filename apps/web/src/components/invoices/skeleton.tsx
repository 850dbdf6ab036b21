import { useLingui } from '@lingui/react/macro';

/** Shaped like the list it stands for, so the screen does not jump when the rows arrive. */
export function InvoicesSkeleton() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {t`Chargement des factures…`}
      </p>
      <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
      <div className="h-9 w-64 animate-pulse rounded bg-slate-200" />
      <div className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm">
        {Array.from({ length: 8 }, (_, index) => index).map((row) => (
          <div key={row} className="h-6 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
