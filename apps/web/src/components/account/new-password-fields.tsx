import { passwordLength } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { Field, inputClass } from '../ui/field.tsx';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** The new password and its confirmation, as a password manager expects them. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, T>;
}) {
  const { t } = useLingui();
  const typed = form as unknown as UseFormReturn<NewPasswordValues, unknown, NewPasswordValues>;
  const errors = typed.formState.errors;
  const min = passwordLength.min;
  return (
    <>
      <Field
        label={t`Nouveau mot de passe`}
        hint={t`Au moins ${min} caractères.`}
        error={errors.password?.message}
      >
        {(control) => (
          <input
            {...control}
            {...typed.register('password')}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t`Confirmez le mot de passe`} error={errors.confirm?.message}>
        {(control) => (
          <input
            {...control}
            {...typed.register('confirm')}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}
