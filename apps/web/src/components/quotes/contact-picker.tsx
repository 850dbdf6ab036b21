import type { ContactView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { trpc } from '../../trpc/client.ts';
import { Button } from '../ui/button.tsx';
import { inputClass } from '../ui/field.tsx';

/** How long typing must pause before contacts are looked up. */
const settleMs = 250;
const shown = 5;

/**
 * Fills the new quote's client from a contact of the workspace (contacts.list's q: name, e-mail,
 * company): the search, then up to five contacts as buttons. The chosen one is linked to the
 * quote (contactId) until unlinked; its fields stay editable.
 */
export function ContactPicker({
  chosen,
  onChoose,
}: {
  chosen: ContactView | null;
  onChoose: (contact: ContactView | null) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), settleMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery(
    trpc.contacts.list.queryOptions({ q: query, limit: shown }, { enabled: query.length >= 2 }),
  );
  if (chosen !== null) {
    const name = chosen.name;
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md bg-slate-50 p-3 text-sm md:col-span-2">
        <span>
          <Trans>Lié au contact {name}.</Trans>
        </span>
        <Button variant="ghost" onClick={() => onChoose(null)}>
          <Trans>Délier le contact</Trans>
        </Button>
      </div>
    );
  }
  const contacts = query.length >= 2 ? (found.data?.data ?? []) : [];
  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <label htmlFor={id} className="font-medium text-slate-800">
        <Trans>Reprendre un contact (facultatif)</Trans>
      </label>
      <input
        id={id}
        type="search"
        value={typed}
        placeholder={t`Nom, e-mail ou société…`}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        className={`${inputClass} md:max-w-md`}
      />
      <div aria-live="polite" className="text-sm">
        {query.length >= 2 && found.isSuccess && contacts.length === 0 && (
          <p className="text-slate-700">
            <Trans>Aucun contact ne correspond : saisissez le client ci-dessous.</Trans>
          </p>
        )}
        {contacts.length > 0 && (
          <ul className="flex flex-col gap-1" aria-label={t`Contacts trouvés`}>
            {contacts.map((contact) => (
              <li key={contact.id}>
                <button
                  type="button"
                  onClick={() => {
                    onChoose(contact);
                    setTyped('');
                  }}
                  className="w-full rounded-md px-3 py-2 text-left hover:bg-slate-100 md:max-w-md"
                >
                  <span className="font-medium">{contact.name}</span>{' '}
                  <span className="text-slate-700">
                    {contact.email}
                    {contact.company === null ? '' : ` · ${contact.company.name}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
