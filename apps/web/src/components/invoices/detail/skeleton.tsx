import { useLingui } from '@lingui/react/macro';

/** Shaped like the detail screen while the invoice comes. */
export function InvoiceDetailSkeleton() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {t`Chargement de la facture…`}
      </p>
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
      <div className="grid gap-4 lg:grid-cols-3">
        {['client', 'dates', 'totals'].map((card) => (
          <div key={card} className="h-40 animate-pulse rounded-lg bg-white shadow-sm" />
        ))}
      </div>
      <div className="h-48 animate-pulse rounded-lg bg-white shadow-sm" />
    </div>
  );
}
