import type { FormEventHandler, ReactNode } from 'react';
import { FormActions } from './form-actions.tsx';

/**
 * A form in a dialog or a sheet: its fields, disabled together while the form is sent, then the
 * form's refusal in words (`problem`, when there is one), then Cancel and the submit button.
 * `onSubmit` is react-hook-form's `handleSubmit(...)`; the browser's own validation is off, the
 * schema's messages show beside their fields.
 */
export function DialogForm({
  onSubmit,
  pending,
  problem,
  onCancel,
  submitLabel,
  submitDisabled,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  problem?: ReactNode;
  onCancel: () => void;
  submitLabel: ReactNode;
  submitDisabled?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        {children}
      </fieldset>
      {problem}
      <FormActions
        pending={pending}
        onCancel={onCancel}
        submitDisabled={submitDisabled}
        submitLabel={submitLabel}
      />
    </form>
  );
}
