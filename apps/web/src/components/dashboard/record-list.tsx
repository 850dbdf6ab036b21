import type { ReactNode } from 'react';

/**
 * A widget's few records: each a line with its name and what matters about it, then a link to
 * the whole list; or, when there is none, a sentence saying so and what to do.
 */
export function RecordList<T>({
  items,
  label,
  itemKey,
  render,
  empty,
  footer,
}: {
  items: readonly T[];
  /** What the list is, for screen readers. */
  label: string;
  itemKey: (item: T) => string;
  render: (item: T) => ReactNode;
  empty: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <ul aria-label={label} className="flex flex-col divide-y divide-slate-100">
          {items.map((item) => (
            <li
              key={itemKey(item)}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm"
            >
              {render(item)}
            </li>
          ))}
        </ul>
      )}
      <p>{footer}</p>
    </div>
  );
}

export const footerLinkClass = 'text-sm font-medium text-brand-700 underline hover:text-brand-800';
