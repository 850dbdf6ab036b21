import { useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { scopeOf, scopeResources, useResourceLabels } from './scopes.ts';

/**
 * The key's scopes as checkboxes, one row per kind of record, reading and writing side by side.
 * Writing does not imply reading: a program that only records payments needs no list.
 */
export function ScopesTable({
  register,
  error,
}: {
  register: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const labels = useResourceLabels();
  const errorId = 'key-scopes-error';
  return (
    <fieldset aria-describedby={error === undefined ? undefined : errorId} className="flex flex-col gap-2">
      <legend className="font-medium text-slate-800">{t`Autorisations`}</legend>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t`Autorisations de la clé`}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-2 py-1 text-left font-semibold">
              {t`Données`}
            </th>
            <th scope="col" className="px-2 py-1 text-center font-semibold">
              {t`Lecture`}
            </th>
            <th scope="col" className="px-2 py-1 text-center font-semibold">
              {t`Écriture`}
            </th>
          </tr>
        </thead>
        <tbody>
          {scopeResources.map((resource) => {
            const label = labels[resource] ?? resource;
            return (
              <tr key={resource} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {label}
                </th>
                {(['read', 'write'] as const).map((access) => (
                  <td key={access} className="px-2 py-1 text-center">
                    <input
                      type="checkbox"
                      {...register}
                      value={scopeOf(access, resource)}
                      aria-label={access === 'read' ? t`Lecture : ${label}` : t`Écriture : ${label}`}
                      className="size-4"
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {error !== undefined && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {t`Cochez au moins une autorisation.`}
        </p>
      )}
    </fieldset>
  );
}
