import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { eventTypesQuery } from './queries.ts';

/**
 * Which events the endpoint receives: all of them (`*`, today's and those to come), or the
 * types ticked, grouped by record, from eventTypes.list.
 */
export function EventsField({
  all,
  registerAll,
  registerEvents,
  error,
}: {
  all: boolean;
  registerAll: UseFormRegisterReturn;
  registerEvents: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const types = useQuery(eventTypesQuery());
  const groups = new Map<string, { type: string; description: string }[]>();
  for (const type of types.data?.data ?? []) {
    const group = type.type.split('.')[0] ?? type.type;
    groups.set(group, [...(groups.get(group) ?? []), type]);
  }
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error === undefined ? undefined : 'events-error'}
    >
      <legend className="font-medium text-slate-800">{t`Événements envoyés`}</legend>
      <label className="flex items-center gap-2">
        <input type="checkbox" {...registerAll} className="size-4" />
        <Trans>Tous les événements, y compris ceux à venir</Trans>
      </label>
      {!all &&
        (types.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Chargement des types d’événements…</Trans>
          </p>
        ) : types.isError ? (
          <p role="alert" className="text-red-800">
            <Trans>Les types d’événements n’ont pas pu être chargés.</Trans>
          </p>
        ) : (
          <div className="grid max-h-72 gap-3 overflow-y-auto rounded-md border border-slate-300 p-3 sm:grid-cols-2">
            {[...groups].map(([group, members]) => (
              <fieldset key={group} className="flex flex-col gap-1">
                <legend className="font-mono text-sm font-semibold">{group}</legend>
                {members.map((type) => (
                  <label key={type.type} className="flex items-center gap-2 text-sm" title={type.description}>
                    <input type="checkbox" value={type.type} {...registerEvents} className="size-4" />
                    <code>{type.type}</code>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        ))}
      {error !== undefined && (
        <p id="events-error" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
