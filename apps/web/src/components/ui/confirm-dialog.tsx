import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/**
 * Asks before an action that cannot be undone (cancel an invoice, revoke a key). The action's
 * button says what it does; Cancel is first in the tab order and takes the focus.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  variant = 'danger',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  pending: boolean;
  variant?: 'danger' | 'primary';
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} busy={pending}>
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" data-autofocus disabled={pending} onClick={onClose}>
          <Trans>Annuler</Trans>
        </Button>
        <Button variant={variant} pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
