import { useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from '../ui/field.tsx';
import { IdentifierCheck, useCheckExplanations } from './identifier-check.tsx';
import { siretStatus, vatNumberStatus } from './identifier-checks.ts';

export type CompanyFieldName = 'name' | 'siret' | 'vatNumber' | 'address';

/**
 * A company's fields, for the create and the edit form alike: each form registers them on its
 * own procedure's schema. Under the SIRET and the VAT number, their checks follow the typing.
 */
export function CompanyFields({
  field,
  errors,
  siret,
  vatNumber,
}: {
  field: (name: CompanyFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<CompanyFieldName, string | undefined>>;
  siret: string | null | undefined;
  vatNumber: string | null | undefined;
}) {
  const { t } = useLingui();
  const explain = useCheckExplanations();
  const siretCheck = siretStatus(siret);
  const vatCheck = vatNumberStatus(vatNumber);
  return (
    <>
      <Field label={t`Nom`} error={errors.name}>
        {(control) => (
          <input {...control} {...field('name')} autoComplete="organization" className={inputClass} />
        )}
      </Field>
      <Field
        label={t`SIRET`}
        error={errors.siret}
        hint={
          <span className="flex flex-col gap-0.5">
            <IdentifierCheck kind="siret" status={siretCheck} live />
            {explain.siret[siretCheck] !== undefined && <span>{explain.siret[siretCheck]}</span>}
          </span>
        }
      >
        {(control) => (
          <input
            {...control}
            {...field('siret')}
            inputMode="numeric"
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={t`Numéro de TVA intracommunautaire`}
        error={errors.vatNumber}
        hint={
          <span className="flex flex-col gap-0.5">
            <IdentifierCheck kind="vat" status={vatCheck} live />
            {explain.vat[vatCheck] !== undefined && <span>{explain.vat[vatCheck]}</span>}
          </span>
        }
      >
        {(control) => (
          <input {...control} {...field('vatNumber')} autoComplete="off" className={inputClass} />
        )}
      </Field>
      <Field label={t`Adresse`} error={errors.address}>
        {(control) => (
          <textarea
            {...control}
            {...field('address')}
            rows={3}
            autoComplete="street-address"
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}

/** A blank optional field is sent as absent (create) or cleared (edit), never as an empty identifier. */
export const blankAs =
  <T extends undefined | null>(empty: T) =>
  (value: unknown): string | T =>
    typeof value === 'string' && value.trim() !== '' ? value : empty;
