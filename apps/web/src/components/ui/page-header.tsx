import type { ReactNode } from 'react';

/**
 * A screen's heading: its `<title>` (the tab's name, `… · Comptoir`), its h1 and, on the right,
 * its actions.
 */
export function PageHeader({
  title,
  documentTitle,
  actions,
  children,
}: {
  title: ReactNode;
  documentTitle: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <title>{documentTitle}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
      </div>
      {actions !== undefined && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
