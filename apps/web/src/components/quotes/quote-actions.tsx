import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCan } from '../../session/permissions.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useActionWords } from './action-words.ts';
import { availableActions, type QuoteAction } from './available-actions.ts';
import type { QuoteStatus } from './status-labels.ts';
import { useOpenPdf } from './use-open-pdf.ts';
import { useQuoteActions } from './use-quote-actions.ts';

/**
 * The detail's actions: those the quote's status allows, for a member who may write quotes; the
 * PDF for anyone who may read it. Each asks first, in a dialog saying what will happen.
 */
export function QuoteActions({
  workspaceId,
  quote,
}: {
  workspaceId: string;
  quote: { id: string; status: QuoteStatus; invoiceId: string | null };
}) {
  const canWrite = useCan('write:quotes');
  const words = useActionWords();
  const { run, pending } = useQuoteActions(workspaceId, quote.id);
  const pdf = useOpenPdf(quote.id);
  const [asking, setAsking] = useState<QuoteAction | null>(null);
  const actions = canWrite ? availableActions(quote) : [];
  const asked = asking === null ? undefined : words[asking];
  return (
    <>
      {canWrite && quote.status === 'DRAFT' && (
        <Link
          to="/$workspaceId/quotes/$quoteId/edit"
          params={{ workspaceId, quoteId: quote.id }}
          className={buttonClass('secondary')}
        >
          <Trans>Modifier</Trans>
        </Link>
      )}
      <Button variant="secondary" pending={pdf.pending} onClick={() => void pdf.open()}>
        <Trans>Ouvrir le PDF</Trans>
      </Button>
      {actions.map((action) => (
        <Button
          key={action}
          variant={words[action].variant === 'danger' ? 'secondary' : 'primary'}
          pending={pending === action}
          onClick={() => setAsking(action)}
        >
          {words[action].label}
        </Button>
      ))}
      <ConfirmDialog
        open={asked !== undefined}
        onClose={() => setAsking(null)}
        title={asked?.title}
        description={asked?.description}
        confirmLabel={asked?.confirm}
        variant={asked?.variant ?? 'primary'}
        pending={pending !== undefined}
        onConfirm={() => {
          if (asking === null) return;
          void run(asking).then(() => {
            setAsking(null);
            // The dialog gives the focus back to its button, unless the new status took that
            // button away: then the focus goes to the screen's content, not to the page's end.
            requestAnimationFrame(() => {
              if (document.activeElement === document.body) document.getElementById('main')?.focus();
            });
          });
        }}
      />
    </>
  );
}
