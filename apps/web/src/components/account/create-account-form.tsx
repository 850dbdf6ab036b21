import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { useSchemaForm } from '../../forms/use-server-form.ts';
import { Button } from '../ui/button.tsx';
import { Field, inputClass } from '../ui/field.tsx';
import { CardText } from './auth-card.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useNewPasswordSchema } from './password-schema.ts';

export interface NewAccount {
  name: string;
  password: string;
}

/** The account an invitation makes when its e-mail has none: a name and a password. */
export function CreateAccountForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (account: NewAccount) => void;
}) {
  const { t } = useLingui();
  const schema = useNewPasswordSchema().and(z.object({ name: z.string().trim().min(1).max(200) }));
  const form = useSchemaForm(schema, { name: '', password: '', confirm: '' });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ name, password }) => onSubmit({ name, password }))}
      className="flex flex-col gap-4"
    >
      <CardText>
        <Trans>Cette adresse n’a pas encore de compte Comptoir : créez-le pour rejoindre l’espace.</Trans>
      </CardText>
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <Field label={t`Votre nom`} error={errors.name?.message}>
          {(control) => (
            <input {...control} {...form.register('name')} autoComplete="name" className={inputClass} />
          )}
        </Field>
        <NewPasswordFields form={form} />
      </fieldset>
      <Button type="submit" pending={pending}>
        <Trans>Créer mon compte et rejoindre l’espace</Trans>
      </Button>
    </form>
  );
}
