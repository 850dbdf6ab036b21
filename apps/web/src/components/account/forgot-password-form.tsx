import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { useSchemaForm } from '../../forms/use-server-form.ts';
import { Button } from '../ui/button.tsx';
import { Field, inputClass } from '../ui/field.tsx';
import { AuthCard, CardAlert, CardText, linkClass } from './auth-card.tsx';
import { requestPasswordReset } from './password-api.ts';

const emailSchema = z.object({ email: z.email().max(254) });

/**
 * Asks for a reset link. The answer is the same whatever the address, so this page never tells
 * who has an account.
 */
export function ForgotPasswordForm() {
  const { t } = useLingui();
  const form = useSchemaForm(emailSchema, { email: '' });
  const ask = useMutation({ mutationFn: ({ email }: { email: string }) => requestPasswordReset(email) });
  const outcome = ask.data;
  const errors = form.formState.errors;
  const email = ask.variables?.email ?? '';
  return (
    <AuthCard title={<Trans>Mot de passe oublié</Trans>} documentTitle={t`Mot de passe oublié · Comptoir`}>
      {outcome?.kind === 'sent' ? (
        <>
          <p
            role="status"
            className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900"
          >
            <Trans>
              Si un compte existe pour {email}, un lien pour choisir un nouveau mot de passe vient de lui être
              envoyé. Il est valable une heure.
            </Trans>
          </p>
          <CardText>
            <Trans>Rien reçu ? Vérifiez l’adresse et vos courriers indésirables, puis recommencez.</Trans>
          </CardText>
          <Button variant="secondary" onClick={() => ask.reset()}>
            <Trans>Recommencer</Trans>
          </Button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => ask.mutate(values))}
          className="flex flex-col gap-4"
        >
          <CardText>
            <Trans>
              Indiquez l’adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de
              passe.
            </Trans>
          </CardText>
          {outcome?.kind === 'too-many-attempts' && (
            <CardAlert>
              <Trans>Trop de demandes pour cette adresse. Réessayez dans quelques minutes.</Trans>
            </CardAlert>
          )}
          {outcome?.kind === 'unavailable' && (
            <CardAlert>
              <Trans>Le service ne répond pas. Réessayez dans un instant.</Trans>
            </CardAlert>
          )}
          <Field label={t`Adresse e-mail`} error={errors.email?.message}>
            {(control) => (
              <input
                {...control}
                {...form.register('email')}
                type="email"
                autoComplete="username"
                className={inputClass}
              />
            )}
          </Field>
          <Button type="submit" pending={ask.isPending}>
            <Trans>Recevoir le lien</Trans>
          </Button>
        </form>
      )}
      <p>
        <Link to="/sign-in" className={linkClass}>
          <Trans>Retour à la connexion</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
