import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * The row that ends a form in a dialog or a sheet: Cancel, then the submit button that says what
 * it does. While the form is sent, the submit button shows it is pending and Cancel is disabled,
 * so the dialog does not close on a request still under way. `submitDisabled` keeps the submit
 * off until there is something to send (an edit form that is not dirty yet).
 */
export function FormActions({
  pending,
  onCancel,
  submitLabel,
  submitDisabled,
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel: ReactNode;
  submitDisabled?: boolean | undefined;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" disabled={pending} onClick={onCancel}>
        <Trans>Annuler</Trans>
      </Button>
      <Button type="submit" pending={pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
