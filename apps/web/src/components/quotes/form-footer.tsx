import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../ui/button.tsx';

/**
 * The editor's last row: what went wrong (in words, announced), Cancel back to where the person
 * came from, and Save, disabled until something changed and while it is being saved.
 */
export function FormFooter({
  error,
  pristine,
  pending,
  cancel,
  saveLabel,
}: {
  error: string | null;
  pristine: boolean;
  pending: boolean;
  cancel: { workspaceId: string; quoteId?: string };
  saveLabel: string;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {error}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {cancel.quoteId === undefined ? (
          <Link
            to="/$workspaceId/quotes"
            params={{ workspaceId: cancel.workspaceId }}
            className={buttonClass('secondary')}
          >
            <Trans>Annuler</Trans>
          </Link>
        ) : (
          <Link
            to="/$workspaceId/quotes/$quoteId"
            params={{ workspaceId: cancel.workspaceId, quoteId: cancel.quoteId }}
            className={buttonClass('secondary')}
          >
            <Trans>Annuler</Trans>
          </Link>
        )}
        <Button type="submit" disabled={pristine} pending={pending}>
          {saveLabel}
        </Button>
      </div>
    </div>
  );
}
