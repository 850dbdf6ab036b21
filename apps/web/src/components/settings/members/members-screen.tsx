import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { SectionHeader } from '../layout.tsx';
import { InvitationsTable } from './invitations-table.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { MembersTable } from './members-table.tsx';
import { invitationsQuery, membersQuery } from './queries.ts';

export function MembersScreen({ meId }: { meId: string }) {
  const { t } = useLingui();
  const { data: members } = useSuspenseQuery(membersQuery());
  const { data: invitations } = useSuspenseQuery(invitationsQuery());
  const count = members.data.length;
  return (
    <div className="flex flex-col gap-6">
      <SectionHeader
        title={t`Membres`}
        documentTitle={t`Membres · Réglages · Comptoir`}
        description={t`Les personnes qui travaillent dans cet espace, et ce que leur rôle leur permet.`}
        actions={<InviteDialog />}
      />
      <p className="text-sm text-slate-700">
        <Plural value={count} one="# membre" other="# membres" />
      </p>
      <MembersTable members={members.data} meId={meId} />
      <section aria-labelledby="pending-invitations" className="flex flex-col gap-3">
        <h3 id="pending-invitations" className="text-lg font-semibold">
          <Trans>Invitations en attente</Trans>
        </h3>
        {invitations.data.length > 0 ? (
          <InvitationsTable invitations={invitations.data} />
        ) : (
          <p className="text-slate-700">
            <Trans>Aucune invitation en attente. « Inviter une personne » crée un lien à lui envoyer.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}
