import { quoteStatusSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { type QuoteStatus, useQuoteStatusLabels } from './status-labels.ts';

/** A native select: it already works with the keyboard and every screen reader. */
export function QuoteStatusFilter({ status }: { status: QuoteStatus | undefined }) {
  const { t } = useLingui();
  const labels = useQuoteStatusLabels();
  const navigate = useNavigate({ from: '/$workspaceId/quotes/' });
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium">
        {t`Statut`}
      </label>
      <select
        id={id}
        value={status ?? ''}
        onChange={(event) => {
          const chosen = quoteStatusSchema.safeParse(event.target.value);
          void navigate({
            search: (previous) => ({
              ...previous,
              status: chosen.success ? chosen.data : undefined,
              page: undefined,
            }),
          });
        }}
        className="rounded-md border border-slate-400 bg-white px-3 py-2"
      >
        <option value="">{t`Tous les statuts`}</option>
        {quoteStatusSchema.options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
