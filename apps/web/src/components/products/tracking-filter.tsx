import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { type Tracking, trackingSchema } from './list-input.ts';

/** A native select: it already works with the keyboard and every screen reader. */
export function TrackingFilter({ tracking }: { tracking: Tracking | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const labels: Record<Tracking, string> = { tracked: t`Stock suivi`, untracked: t`Stock non suivi` };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium">
        {t`Stock`}
      </label>
      <select
        id={id}
        value={tracking ?? ''}
        onChange={(event) => {
          const chosen = trackingSchema.safeParse(event.target.value);
          void navigate({
            to: '.',
            search: (previous: Record<string, unknown>) => ({
              ...previous,
              tracking: chosen.success ? chosen.data : undefined,
              page: undefined,
            }),
          });
        }}
        className="rounded-md border border-slate-400 bg-white px-3 py-2"
      >
        <option value="">{t`Tous les produits`}</option>
        {trackingSchema.options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
