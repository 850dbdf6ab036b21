import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/button.tsx';

/**
 * The foot of a settings form, kept in view while scrolling: Save (disabled while nothing has
 * changed) and, once something has, a word saying so and a way to undo it all.
 */
export function UnsavedBar({
  dirty,
  pending,
  onUndo,
}: {
  dirty: boolean;
  pending: boolean;
  onUndo: () => void;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-300 bg-white/95 px-6 py-3">
      <p aria-live="polite" className="mr-auto font-medium text-amber-900">
        {dirty && <Trans>Modifications non enregistrées</Trans>}
      </p>
      {dirty && (
        <Button variant="secondary" disabled={pending} onClick={onUndo}>
          <Trans>Annuler les modifications</Trans>
        </Button>
      )}
      <Button type="submit" disabled={!dirty} pending={pending}>
        {pending ? <Trans>Enregistrement…</Trans> : <Trans>Enregistrer</Trans>}
      </Button>
    </div>
  );
}
