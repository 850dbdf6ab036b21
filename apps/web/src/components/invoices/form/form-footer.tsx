import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';

/**
 * The bottom of an invoice form: what went wrong (in words, announced), a way back, and Save,
 * disabled while nothing has changed and busy while saving.
 */
export function FormFooter({
  message,
  pristine,
  pending,
  back,
  saveLabel,
}: {
  message: string | undefined;
  pristine: boolean;
  pending: boolean;
  back: ReactNode;
  saveLabel: ReactNode;
}) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50 py-3">
      <p role="alert" className="mr-auto text-sm font-medium text-red-800">
        {message}
      </p>
      {pristine && (
        <p className="text-sm text-slate-600">
          <Trans>Aucune modification à enregistrer</Trans>
        </p>
      )}
      {back}
      <Button type="submit" disabled={pristine} pending={pending}>
        {saveLabel}
      </Button>
    </div>
  );
}
