import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../trpc/client.ts';
import { type PickerOption, SearchPicker } from '../ui/search-picker.tsx';

/** How many matches a picker lists: enough to choose from, few enough to read. */
const pickerLimit = 8;

/** A company picked for an opportunity, searched by name, SIRET or VAT number. */
export function CompanyPicker({
  selected,
  onSelect,
  error,
  disabled,
}: {
  selected: PickerOption | null;
  onSelect: (option: PickerOption | null) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const found = useQuery(
    trpc.companies.list.queryOptions(
      { ...(q === '' ? {} : { q }), limit: pickerLimit },
      { placeholderData: keepPreviousData, enabled: !disabled },
    ),
  );
  const options = (found.data?.data ?? []).map((company) => ({
    id: company.id,
    label: company.name,
    detail: company.siret ?? undefined,
  }));
  return (
    <SearchPicker
      label={t`Société`}
      hint={t`Nom, SIRET ou numéro de TVA.`}
      error={error}
      selected={selected}
      onSelect={onSelect}
      options={options}
      searching={found.isPlaceholderData || found.isPending}
      onSearch={setQ}
      disabled={disabled}
    />
  );
}

export interface PickedContact extends PickerOption {
  company: PickerOption | null;
}

/** A contact picked for an opportunity, searched by name, e-mail or company; its company comes along. */
export function ContactPicker({
  selected,
  onSelect,
  error,
  disabled,
}: {
  selected: PickerOption | null;
  onSelect: (option: PickedContact | null) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const found = useQuery(
    trpc.contacts.list.queryOptions(
      { ...(q === '' ? {} : { q }), limit: pickerLimit },
      { placeholderData: keepPreviousData, enabled: !disabled },
    ),
  );
  const contacts = found.data?.data ?? [];
  const options = contacts.map((contact) => ({
    id: contact.id,
    label: contact.name,
    detail: [contact.email, contact.company?.name].filter((part) => part !== undefined).join(' · '),
  }));
  return (
    <SearchPicker
      label={t`Contact`}
      hint={t`Nom, e-mail ou société.`}
      error={error}
      selected={selected}
      onSelect={(option) => {
        const contact = option === null ? undefined : contacts.find((other) => other.id === option.id);
        onSelect(
          option === null
            ? null
            : {
                ...option,
                company: contact?.company ? { id: contact.company.id, label: contact.company.name } : null,
              },
        );
      }}
      options={options}
      searching={found.isPlaceholderData || found.isPending}
      onSearch={setQ}
      disabled={disabled}
    />
  );
}

/**
 * An opportunity's contact as a picker shows it: a read names the contact's e-mail only (no
 * id), so the contact is looked up by it, its name shown once found (the e-mail until then).
 */
export function useContactOfOpportunity(email: string | null): PickerOption | null {
  const found = useQuery(
    trpc.contacts.list.queryOptions({ q: email ?? '', limit: pickerLimit }, { enabled: email !== null }),
  );
  if (email === null) return null;
  const contact = found.data?.data.find((other) => other.email.toLowerCase() === email.toLowerCase());
  return contact === undefined ? { id: 'current', label: email } : { id: contact.id, label: contact.name };
}
