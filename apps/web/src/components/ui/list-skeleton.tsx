/**
 * Shaped like the list it stands for, so the screen does not jump when the rows arrive. `label`
 * is what a screen reader hears meanwhile ("Chargement des factures…").
 */
export function ListSkeleton({ label, rows = 8 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
      <div className="h-9 w-64 animate-pulse rounded bg-slate-200" />
      <div className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm">
        {Array.from({ length: rows }, (_, index) => index).map((row) => (
          <div key={row} className="h-6 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
