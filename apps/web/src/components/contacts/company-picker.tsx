import { Plural, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc/client.ts';
import { Field, inputClass } from '../ui/field.tsx';

export interface CompanyChoice {
  id: string;
  name: string;
}

/** How many companies the picker offers at once (its hint says 20): a search narrows them down. */
const offered = 20;
const settleMs = 250;

/**
 * Picks the contact's company: a search box (name, SIRET or VAT number, as the companies list
 * searches), then a native `<select>` of what it found, which the keyboard and every screen
 * reader already know. The company chosen stays offered whatever the search.
 */
export function CompanyPicker({
  value,
  initial,
  onChange,
  error,
}: {
  value: string | null | undefined;
  initial: CompanyChoice | null;
  onChange: (company: CompanyChoice | null) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<CompanyChoice | null>(initial);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), settleMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    ...trpc.companies.list.queryOptions({ ...(q === '' ? {} : { q }), limit: offered }),
    placeholderData: keepPreviousData,
  });
  const results = found.data?.data ?? [];
  const total = found.data?.pagination.total ?? 0;
  const options =
    chosen !== null && !results.some((company) => company.id === chosen.id) ? [chosen, ...results] : results;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
      <Field
        label={t`Chercher une société`}
        hint={
          found.data === undefined ? undefined : (
            <span aria-live="polite">
              {total > offered ? (
                <Plural
                  value={total}
                  other="Les 20 premières sur # : précisez la recherche pour voir les autres."
                />
              ) : (
                <Plural
                  value={total}
                  _0="Aucune société trouvée."
                  one="# société trouvée."
                  other="# sociétés trouvées."
                />
              )}
            </span>
          )
        }
      >
        {(control) => (
          <input
            {...control}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t`Nom, SIRET ou n° de TVA`}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t`Société`} error={error}>
        {(control) => (
          <select
            {...control}
            value={value ?? ''}
            onChange={(event) => {
              const id = event.target.value;
              const company = options.find((option) => option.id === id) ?? null;
              setChosen(company);
              onChange(company);
            }}
            className={inputClass}
          >
            <option value="">{t`Aucune société`}</option>
            {options.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
