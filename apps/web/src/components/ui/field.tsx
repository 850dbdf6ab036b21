import { type ReactNode, useId } from 'react';

export const inputClass =
  'w-full rounded-md border border-slate-400 bg-white px-3 py-2 aria-[invalid=true]:border-red-700 disabled:bg-slate-100';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and its error, both tied to it (aria-describedby), so a
 * screen reader reads the error with the field. `children` renders the control with the props
 * given.
 */
export function Field({
  label,
  hint,
  error,
  className = '',
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error === undefined ? undefined : true,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
      {hint !== undefined && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
