import type { ReactNode } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { Field, inputClass } from '../../ui/field.tsx';
import type { CompanyFormValues } from './form-values.ts';

export type CompanyForm = UseFormReturn<CompanyFormValues, unknown, unknown>;

/**
 * One text field of the Entreprise form: its label, hint and error (the browser's or the
 * server's). `invalid` says in the page's language what an identifier must be, in place of the
 * schema's own English words (core's identifier checks name the rule, for API callers).
 */
export function TextField({
  form,
  name,
  label,
  hint,
  invalid,
  autoComplete,
  inputMode,
  className = '',
}: {
  form: CompanyForm;
  name: Path<CompanyFormValues>;
  label: ReactNode;
  hint?: ReactNode;
  invalid?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  className?: string;
}) {
  const problem = form.getFieldState(name, form.formState).error;
  const error = problem === undefined ? undefined : (invalid ?? problem.message);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          {...control}
          {...form.register(name)}
          type="text"
          autoComplete={autoComplete ?? 'off'}
          inputMode={inputMode}
          className={inputClass}
        />
      )}
    </Field>
  );
}
