import type { ReactNode } from 'react';

/** The frame of the pages outside a workspace (sign-in, password, invitation): one card, centred. */
export function AuthCard({
  title,
  documentTitle,
  children,
}: {
  title: ReactNode;
  documentTitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <title>{documentTitle}</title>
      <div className="flex w-full max-w-md flex-col gap-4 rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** A short paragraph of the card: what happened, or what to do. */
export function CardText({ children }: { children: ReactNode }) {
  return <p className="text-slate-700">{children}</p>;
}

export const linkClass = 'font-medium text-brand-700 underline';

/** A refusal in words, announced as it appears. */
export function CardAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
      {children}
    </p>
  );
}
