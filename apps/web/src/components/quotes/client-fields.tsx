import type { ContactView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useCan } from '../../session/permissions.ts';
import { Field, inputClass } from '../ui/field.tsx';
import { ContactPicker } from './contact-picker.tsx';
import { currencies, emptyAsNull, type NewQuoteValues, type newQuoteSchema } from './form-schemas.ts';

/** Who the new quote is for (typed, or taken from a contact), and its currency and validity. */
export function ClientFields({
  form,
}: {
  form: UseFormReturn<NewQuoteValues, unknown, z.output<typeof newQuoteSchema>>;
}) {
  const { t } = useLingui();
  const errors = form.formState.errors;
  const headingId = useId();
  const canReadContacts = useCan('read:contacts');
  const [chosen, setChosen] = useState<ContactView | null>(null);
  const choose = (contact: ContactView | null) => {
    setChosen(contact);
    const options = { shouldDirty: true, shouldValidate: true };
    form.setValue('contactId', contact?.id, { shouldDirty: true });
    if (contact === null) return;
    form.setValue('clientName', contact.name, options);
    form.setValue('clientEmail', contact.email, options);
    form.setValue('clientCompany', contact.company?.name ?? null, options);
  };
  // Said here in the page's language: the schema's (and the API's) words for these two are English.
  const nameError = errors.clientName && t`Indiquez le nom du client.`;
  const emailError = errors.clientEmail && t`Indiquez une adresse e-mail valide, comme nom@exemple.fr.`;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg bg-white p-4 shadow-sm md:grid-cols-2"
    >
      <h2 id={headingId} className="text-lg font-semibold md:col-span-2">
        <Trans>Client</Trans>
      </h2>
      {canReadContacts && <ContactPicker chosen={chosen} onChoose={choose} />}
      <Field label={<Trans>Nom du client</Trans>} error={nameError}>
        {(control) => (
          <input
            {...control}
            {...form.register('clientName')}
            maxLength={200}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={<Trans>Société (facultatif)</Trans>}
        hint={<Trans>Laissez vide pour un particulier.</Trans>}
        error={errors.clientCompany?.message}
      >
        {(control) => (
          <input
            {...control}
            {...form.register('clientCompany', { setValueAs: emptyAsNull })}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Field label={<Trans>E-mail du client</Trans>} error={emailError}>
        {(control) => (
          <input
            {...control}
            {...form.register('clientEmail')}
            type="email"
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={<Trans>Devise</Trans>} error={errors.currency?.message}>
          {(control) => (
            <select {...control} {...form.register('currency')} className={inputClass}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ValidityField form={form} />
      </div>
    </section>
  );
}

/** The validity in days, counted from the day the quote is sent. */
export function ValidityField({
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the new and edit forms both hold validityDays.
  form: UseFormReturn<any, unknown, any>;
}) {
  const message = form.formState.errors.validityDays?.message;
  return (
    <Field
      label={<Trans>Validité (jours)</Trans>}
      hint={<Trans>À compter de l’envoi.</Trans>}
      error={typeof message === 'string' ? message : undefined}
    >
      {(control) => (
        <input
          {...control}
          {...form.register('validityDays', { valueAsNumber: true })}
          type="number"
          min={0}
          max={365}
          inputMode="numeric"
          className={inputClass}
        />
      )}
    </Field>
  );
}
