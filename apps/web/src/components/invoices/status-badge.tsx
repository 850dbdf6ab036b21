import { type InvoiceStatus, useInvoiceStatusLabels } from './status-labels.ts';

const tones: Record<InvoiceStatus, string> = {
  DRAFT: 'bg-slate-200 text-slate-900',
  SENT: 'bg-blue-100 text-blue-900',
  PARTIAL: 'bg-amber-100 text-amber-900',
  PAID: 'bg-green-100 text-green-900',
  OVERDUE: 'bg-red-100 text-red-900',
  CANCELLED: 'bg-slate-100 text-slate-700 line-through',
};

/** An invoice's status as a coloured label (its words carry the meaning, not the colour). */
export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const label = useInvoiceStatusLabels()[status];
  return (
    <span
      data-invoice-status={status}
      className={`inline-block rounded-full px-3 py-0.5 text-sm font-medium ${tones[status]}`}
    >
      {label}
    </span>
  );
}
