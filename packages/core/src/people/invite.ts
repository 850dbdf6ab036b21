import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { type CreatedInvitation, type Invite, inviteSchema } from './schemas.ts';
import { findUserByEmail, insertInvitation, invitationView, roleOf } from './store.ts';
import { hashInvitationToken, newInvitationToken } from './tokens.ts';

/** How long an invitation's link works. */
export const invitationValidDays = 7;

/**
 * An owner invites someone by e-mail with a role: a link valid 7 days, used once. The answer
 * is the only time the link is shown (only its token's hash is kept). Someone who is a member
 * already is 409 `member_exists`. Event `member.invited`.
 */
export async function inviteMember(
  em: EntityManager,
  workspaceId: string,
  invitedBy: string | null,
  input: Invite,
  appBaseUrl: string,
): Promise<CreatedInvitation> {
  const { email, role } = inviteSchema.parse(input);
  const token = newInvitationToken();
  return inTransaction(em, async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && (await roleOf(tx, existing.id, workspaceId))) {
      throw new AppError('member_exists', `${email} is a member of this workspace already`);
    }
    const row = await insertInvitation(
      tx,
      { workspaceId, email, role, tokenHash: hashInvitationToken(token), invitedBy },
      invitationValidDays,
    );
    const invitation = invitationView(row);
    await recordEvent(tx, workspaceId, 'member.invited', invitation);
    const url = new URL('/app/invitations/accept', appBaseUrl);
    url.searchParams.set('token', token);
    return { ...invitation, token, url: url.toString() };
  });
}
