import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the page behind it inert,
 * closes it on Escape and gives focus back to what opened it. (Radix's modal dialog locks scrolling
 * with an injected `<style>`, which the Content-Security-Policy refuses.)
 *
 * `onClose` is called when the person dismisses it (Escape, the close button); while `busy`, it
 * cannot be dismissed, so a form being saved is never lost half-way.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  busy = false,
  size = 'md',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  busy?: boolean;
  size?: 'md' | 'lg' | 'sheet';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before showModal, which then moves the focus to the first control:
      // what should take the focus says so with data-autofocus instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const sizes = {
    md: 'w-full max-w-lg rounded-lg',
    lg: 'w-full max-w-3xl rounded-lg',
    sheet: 'ml-auto mr-0 h-full max-h-none w-full max-w-xl',
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onCancel={(event) => {
        // A dialog opened inside this one bubbles its own cancel here: only this one's is ours.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (!busy) onClose();
      }}
      className={`m-auto bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 ${sizes[size]}`}
    >
      {open && (
        <div className="flex flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-semibold">
              {title}
            </h2>
            <CloseButton disabled={busy} onClick={onClose} />
          </div>
          {description !== undefined && (
            <p id={descriptionId} className="text-slate-700">
              {description}
            </p>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

function CloseButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      aria-label={t`Fermer`}
      disabled={disabled}
      onClick={onClick}
      className="rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 disabled:opacity-50"
    >
      <span aria-hidden="true">✕</span>
    </button>
  );
}
