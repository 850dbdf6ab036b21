import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * A sheet's form is never lost by a slip of Escape: closing it with changes typed asks first.
 * `setDirty` is the form's to call; `requestClose` is what the sheet's close button, Escape and
 * Cancel do; `leave` closes without asking (after a save). `key` names what the sheet shows:
 * another record is a fresh start.
 */
export function useDiscardGuard(
  close: () => void,
  key: string,
): { setDirty: (dirty: boolean) => void; requestClose: () => void; leave: () => void; guard: ReactNode } {
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new record (its key) resets the guard.
  useEffect(() => {
    setDirty(false);
    setAsking(false);
  }, [key]);
  const leave = () => {
    setAsking(false);
    setDirty(false);
    close();
  };
  const requestClose = () => (dirty ? setAsking(true) : leave());
  const guard = (
    <ConfirmDialog
      open={asking}
      onClose={() => setAsking(false)}
      title={<Trans>Abandonner les modifications ?</Trans>}
      description={<Trans>Ce que vous avez saisi dans ce formulaire sera perdu.</Trans>}
      confirmLabel={<Trans>Abandonner</Trans>}
      onConfirm={leave}
      pending={false}
    />
  );
  return { setDirty, requestClose, leave, guard };
}

/**
 * Tells the guard whether the form holds changes, as they come and go. In a layout effect, so the
 * guard knows before the next event: a passive effect may run after the browser has handled a
 * key pressed right after typing, and that Escape closed the sheet without asking.
 */
export function useReportDirty(dirty: boolean, report: ((dirty: boolean) => void) | undefined) {
  useLayoutEffect(() => report?.(dirty), [dirty, report]);
}
