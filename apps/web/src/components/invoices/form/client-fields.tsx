import type { invoiceCreateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Field, inputClass } from '../../ui/field.tsx';
import { fieldError } from './field-error.ts';
import { optionalText } from './text-values.ts';

type Create = z.input<typeof invoiceCreateSchema>;

/** The client fields an invoice's create and update share. */
export type ClientValues = Pick<
  Create,
  | 'clientName'
  | 'clientCompany'
  | 'clientEmail'
  | 'clientAddress'
  | 'clientPostalCode'
  | 'clientCity'
  | 'clientCountryCode'
  | 'clientSiren'
  | 'clientVatNumber'
>;

/** Who the invoice is for: name, company, e-mail, address and identifiers, each with its error. */
export function ClientFields({ form }: { form: UseFormReturn<ClientValues> }) {
  const { t } = useLingui();
  const errors = form.formState.errors;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold">
        <Trans>Client</Trans>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={<Trans>Nom du client</Trans>} error={errors.clientName?.message}>
          {(control) => (
            <input {...control} autoComplete="name" {...form.register('clientName')} className={inputClass} />
          )}
        </Field>
        <Field
          label={<Trans>Société</Trans>}
          hint={<Trans>Facultatif</Trans>}
          error={errors.clientCompany?.message}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="organization"
              {...form.register('clientCompany', optionalText)}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label={<Trans>E-mail du client</Trans>}
          error={fieldError(errors.clientEmail, t`Saisissez une adresse e-mail valide.`)}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              {...form.register('clientEmail')}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={<Trans>Adresse</Trans>} error={errors.clientAddress?.message}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              autoComplete="street-address"
              {...form.register('clientAddress', optionalText)}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={<Trans>Code postal</Trans>} error={errors.clientPostalCode?.message}>
          {(control) => (
            <input
              {...control}
              autoComplete="postal-code"
              {...form.register('clientPostalCode', optionalText)}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={<Trans>Ville</Trans>} error={errors.clientCity?.message}>
          {(control) => (
            <input
              {...control}
              autoComplete="address-level2"
              {...form.register('clientCity', optionalText)}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label={<Trans>Pays</Trans>}
          hint={<Trans>Code à deux lettres : FR, BE, DE…</Trans>}
          error={fieldError(errors.clientCountryCode, t`Saisissez un code pays de deux lettres (FR, BE…).`)}
        >
          {(control) => (
            <input
              {...control}
              maxLength={2}
              {...form.register('clientCountryCode', {
                setValueAs: (typed: unknown) =>
                  typeof typed === 'string' ? typed.trim().toUpperCase() : typed,
              })}
              className={`${inputClass} uppercase`}
            />
          )}
        </Field>
        <Field
          label={<Trans>SIREN du client</Trans>}
          hint={<Trans>Obligatoire pour une société française</Trans>}
          error={fieldError(
            errors.clientSiren,
            t`Un SIREN a 9 chiffres, dont le dernier est une clé de contrôle.`,
          )}
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              {...form.register('clientSiren', optionalText)}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label={<Trans>N° de TVA du client</Trans>}
          error={fieldError(
            errors.clientVatNumber,
            t`Ce numéro de TVA n’a pas la forme de celui de son pays.`,
          )}
        >
          {(control) => (
            <input {...control} {...form.register('clientVatNumber', optionalText)} className={inputClass} />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
