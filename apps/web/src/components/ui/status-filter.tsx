import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';

/**
 * A list's `?status=` filter, for any record with statuses (invoices, quotes): a native select,
 * which already works with the keyboard and every screen reader.
 */
export function StatusFilter<Status extends string>({
  status,
  statuses,
  labels,
}: {
  status: Status | undefined;
  /** Every status, in the order the select offers them. */
  statuses: readonly Status[];
  labels: Record<Status, string>;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
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
          const chosen = statuses.find((value) => value === event.target.value);
          // The search stays; the page starts over, as the list it numbered has changed.
          void navigate({
            to: '.',
            search: (previous: Record<string, unknown>): Record<string, unknown> => ({
              ...previous,
              status: chosen,
              page: undefined,
            }),
          });
        }}
        className="rounded-md border border-slate-400 bg-white px-3 py-2"
      >
        <option value="">{t`Tous les statuts`}</option>
        {statuses.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
