import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSchemaForm } from '../../forms/use-server-form.ts';
import { Button } from '../ui/button.tsx';
import { AuthCard, CardAlert, CardText, linkClass } from './auth-card.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { resetPassword } from './password-api.ts';
import { useNewPasswordSchema } from './password-schema.ts';

/** The page a reset link opens: the new password, twice. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const { t } = useLingui();
  const title = <Trans>Nouveau mot de passe</Trans>;
  const documentTitle = t`Nouveau mot de passe · Comptoir`;
  if (token === undefined)
    return (
      <AuthCard title={title} documentTitle={documentTitle}>
        <CardAlert>
          <Trans>Ce lien est incomplet : ouvrez celui du message reçu, en entier.</Trans>
        </CardAlert>
        <AskAgain />
      </AuthCard>
    );
  return (
    <AuthCard title={title} documentTitle={documentTitle}>
      <ResetForm token={token} />
    </AuthCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const schema = useNewPasswordSchema();
  const form = useSchemaForm(schema, { password: '', confirm: '' });
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
  const outcome = reset.data;
  if (outcome?.kind === 'changed')
    return (
      <>
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">
          <Trans>Votre mot de passe est changé. Vos autres sessions sont fermées.</Trans>
        </p>
        <Link to="/sign-in" className={linkClass}>
          <Trans>Se connecter avec le nouveau mot de passe</Trans>
        </Link>
      </>
    );
  if (outcome?.kind === 'invalid-token')
    return (
      <>
        <CardAlert>
          <Trans>Ce lien a expiré ou a déjà servi : un lien ne vaut qu’une fois, pendant une heure.</Trans>
        </CardAlert>
        <AskAgain />
        <Link to="/sign-in" className={linkClass}>
          <Trans>Se connecter</Trans>
        </Link>
      </>
    );
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => reset.mutate(values.password))}
      className="flex flex-col gap-4"
    >
      <CardText>
        <Trans>Choisissez votre nouveau mot de passe.</Trans>
      </CardText>
      {outcome?.kind === 'refused' && <Refused message={outcome.message} />}
      {outcome?.kind === 'too-many-attempts' && (
        <CardAlert>
          <Trans>Trop de tentatives. Réessayez dans quelques minutes.</Trans>
        </CardAlert>
      )}
      {outcome?.kind === 'unavailable' && (
        <CardAlert>
          <Trans>Le service ne répond pas. Réessayez dans un instant.</Trans>
        </CardAlert>
      )}
      <fieldset disabled={reset.isPending} className="flex flex-col gap-4">
        <NewPasswordFields form={form} />
      </fieldset>
      <Button type="submit" pending={reset.isPending}>
        <Trans>Changer le mot de passe</Trans>
      </Button>
    </form>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <CardAlert>
      <Trans>Ce mot de passe est refusé : {message}</Trans>
    </CardAlert>
  );
}

function AskAgain() {
  return (
    <Link to="/forgot-password" className={linkClass}>
      <Trans>Demander un nouveau lien</Trans>
    </Link>
  );
}
