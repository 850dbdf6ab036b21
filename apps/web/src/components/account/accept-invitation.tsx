import type { AcceptedInvitation } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { serverErrorOf } from '../../forms/server-error.ts';
import { signIn } from '../../session/auth.ts';
import { type Me, meQuery } from '../../session/me.ts';
import { trpc } from '../../trpc/client.ts';
import { Button } from '../ui/button.tsx';
import { AuthCard, CardAlert, CardText, linkClass } from './auth-card.tsx';
import { CreateAccountForm, type NewAccount } from './create-account-form.tsx';

/** The link cannot serve again: unknown or revoked, used, or past its 7 days. */
const spent = (error: unknown) =>
  ['invitation_not_found', 'invitation_used', 'invitation_expired'].includes(
    serverErrorOf(error)?.code ?? '',
  );

/** The invited e-mail has no account yet: the server asks for a password to make one. */
const needsAccount = (error: unknown) =>
  serverErrorOf(error)?.details.some((detail) => detail.path === 'password') ?? false;

/**
 * The page an invitation link opens. Accepting tells what comes next: the person joins at once
 * when their e-mail has an account (signed in as it, they go straight to the workspace; else
 * they sign in), or they make the account here with a name and a password.
 */
export function AcceptInvitation({ token, me }: { token: string | undefined; me: Me | null }) {
  const { t } = useLingui();
  const title = <Trans>Invitation à rejoindre un espace</Trans>;
  const documentTitle = t`Invitation · Comptoir`;
  return (
    <AuthCard title={title} documentTitle={documentTitle}>
      {token === undefined ? (
        <CardAlert>
          <Trans>Ce lien d’invitation est incomplet : ouvrez celui reçu, en entier.</Trans>
        </CardAlert>
      ) : (
        <Steps token={token} me={me} />
      )}
    </AuthCard>
  );
}

function Steps({ token, me }: { token: string; me: Me | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [account, setAccount] = useState<'unknown' | 'to-create'>('unknown');
  const [joined, setJoined] = useState<AcceptedInvitation | undefined>();
  const accept = useMutation(trpc.invitations.accept.mutationOptions());

  async function enter(invitation: AcceptedInvitation) {
    // The session's memberships now hold the workspace: read them again before going in.
    queryClient.removeQueries({ queryKey: meQuery.queryKey });
    await router.navigate({ to: '/$workspaceId', params: { workspaceId: invitation.workspaceId } });
  }

  function acceptAs(newAccount?: NewAccount) {
    accept.mutate(
      { token, ...newAccount },
      {
        onSuccess: async ({ data }) => {
          if (newAccount !== undefined && data.userCreated) {
            const outcome = await signIn(data.user.email, newAccount.password);
            if (outcome.kind === 'signed-in') return enter(data);
          } else if (me !== null && me.user.id === data.user.id) return enter(data);
          setJoined(data);
        },
        onError: (error) => {
          if (needsAccount(error)) setAccount('to-create');
        },
      },
    );
  }

  if (joined !== undefined) return <Joined invitation={joined} me={me} />;
  const refusal =
    accept.error !== null && !needsAccount(accept.error) ? errorMessage(accept.error) : undefined;
  if (account === 'to-create')
    return (
      <>
        {refusal !== undefined && <CardAlert>{refusal}</CardAlert>}
        <CreateAccountForm pending={accept.isPending} onSubmit={acceptAs} />
      </>
    );
  return (
    <>
      <CardText>
        <Trans>Vous êtes invité à travailler dans un espace Comptoir.</Trans>
      </CardText>
      {me !== null && <SignedInAs email={me.user.email} />}
      {refusal !== undefined && <CardAlert>{refusal}</CardAlert>}
      {!spent(accept.error) && (
        <Button pending={accept.isPending} onClick={() => acceptAs()}>
          <Trans>Accepter l’invitation</Trans>
        </Button>
      )}
      <Link to="/sign-in" className={linkClass}>
        <Trans>Aller à la connexion</Trans>
      </Link>
    </>
  );
}

function SignedInAs({ email }: { email: string }) {
  return (
    <CardText>
      <Trans>Vous êtes connecté en tant que {email}.</Trans>
    </CardText>
  );
}

/** Joined, but not signed in as the invited person: they sign in, and land in the workspace. */
function Joined({ invitation, me }: { invitation: AcceptedInvitation; me: Me | null }) {
  const { workspaceName, user } = invitation;
  const email = user.email;
  return (
    <>
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">
        <Trans>Vous avez rejoint l’espace {workspaceName}.</Trans>
      </p>
      {me === null ? (
        <CardText>
          <Trans>Connectez-vous avec {email} pour y entrer.</Trans>
        </CardText>
      ) : (
        <CardText>
          <Trans>
            L’invitation était adressée à {email} : déconnectez-vous, puis connectez-vous avec cette adresse
            pour y entrer.
          </Trans>
        </CardText>
      )}
      {me === null && (
        <Link to="/sign-in" search={{ returnTo: `/${invitation.workspaceId}` }} className={linkClass}>
          <Trans>Se connecter</Trans>
        </Link>
      )}
    </>
  );
}
