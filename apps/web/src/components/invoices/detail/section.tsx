import type { ReactNode } from 'react';

/** A titled card of the detail screen. */
export function Section({
  title,
  children,
  className = '',
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ${className}`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
