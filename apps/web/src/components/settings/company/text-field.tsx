import type { ReactNode } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { Field, inputClass } from '../../ui/field.tsx';
import type { CompanyFormValues } from './form-values.ts';

export type CompanyForm = UseFormReturn<CompanyFormValues, unknown, unknown>;

/** One text field of the Entreprise form: its label, hint and error (the browser's or the server's). */
export function TextField({
  form,
  name,
  label,
  hint,
  autoComplete,
  inputMode,
  className = '',
}: {
  form: CompanyForm;
  name: Path<CompanyFormValues>;
  label: ReactNode;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  className?: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
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
