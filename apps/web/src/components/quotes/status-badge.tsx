import { type QuoteStatus, useQuoteStatusLabels } from './status-labels.ts';

const tones: Record<QuoteStatus, string> = {
  DRAFT: 'bg-slate-100 text-slate-800',
  SENT: 'bg-blue-100 text-blue-900',
  SENT_FOR_SIGNATURE: 'bg-indigo-100 text-indigo-900',
  ACCEPTED: 'bg-green-100 text-green-900',
  REJECTED: 'bg-red-100 text-red-900',
  REJECTED_SIGNATURE: 'bg-red-100 text-red-900',
  EXPIRED: 'bg-amber-100 text-amber-900',
  ARCHIVED: 'bg-slate-200 text-slate-800',
};

/** A quote's status as a coloured label; the words carry the meaning, the colour only helps. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const label = useQuoteStatusLabels()[status];
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium ${tones[status]}`}>
      {label}
    </span>
  );
}
