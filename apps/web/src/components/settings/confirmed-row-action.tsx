import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';

/**
 * A table row's destructive action (revoke a key, withdraw an invitation, remove a member): a
 * small red button named after its row, which asks in a ConfirmDialog before it acts. The caller
 * owns `open`, so its mutation can close the dialog when it succeeds; `onOpen` runs as the dialog
 * opens (to clear an earlier refusal), `children` go in the dialog under its description.
 */
export function ConfirmedRowAction({
  label,
  rowLabel,
  open,
  onOpen,
  onClose,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  children,
}: {
  label: ReactNode;
  rowLabel: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      <Button variant="ghost" className="px-2 py-1 text-red-800" aria-label={rowLabel} onClick={onOpen}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={onClose}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pending={pending}
        onConfirm={onConfirm}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
