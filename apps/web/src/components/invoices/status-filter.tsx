import { invoiceStatusSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { type InvoiceStatus, useInvoiceStatusLabels } from './status-labels.ts';

/** A native select: it already works with the keyboard and every screen reader. */
export function StatusFilter({ status }: { status: InvoiceStatus | undefined }) {
  const { t } = useLingui();
  const labels = useInvoiceStatusLabels();
  const navigate = useNavigate({ from: '/$workspaceId/invoices/' });
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
          const chosen = invoiceStatusSchema.safeParse(event.target.value);
          // The search stays; the page starts over, as the list it numbered has changed.
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
        {invoiceStatusSchema.options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
