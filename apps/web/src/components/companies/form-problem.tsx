import type { ReactNode } from 'react';

/** Why a form was refused, beside it, announced as soon as it shows. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800">
      {children}
    </p>
  );
}
