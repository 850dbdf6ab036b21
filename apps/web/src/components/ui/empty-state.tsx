import type { ReactNode } from 'react';

/** What a list shows when it has nothing: a title saying so, and what to do about it. */
export function EmptyState({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}
