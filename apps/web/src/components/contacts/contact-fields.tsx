import { useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from '../ui/field.tsx';

export type ContactTextField = 'name' | 'email' | 'phone';

/** A contact's own fields, for the create and the edit form alike (the company has its picker). */
export function ContactFields({
  field,
  errors,
}: {
  field: (name: ContactTextField) => UseFormRegisterReturn;
  errors: Partial<Record<ContactTextField, string | undefined>>;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field label={t`Nom`} error={errors.name}>
        {(control) => <input {...control} {...field('name')} autoComplete="name" className={inputClass} />}
      </Field>
      <Field label={t`E-mail`} error={errors.email} hint={t`Une adresse par contact dans l’espace.`}>
        {(control) => (
          <input {...control} {...field('email')} type="email" autoComplete="email" className={inputClass} />
        )}
      </Field>
      <Field label={t`Téléphone`} error={errors.phone}>
        {(control) => (
          <input {...control} {...field('phone')} type="tel" autoComplete="tel" className={inputClass} />
        )}
      </Field>
    </>
  );
}
