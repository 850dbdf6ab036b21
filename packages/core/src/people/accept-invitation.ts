import { type EntityManager, inTransaction } from '@comptoir/db';
import { hashPassword } from 'better-auth/crypto';
import { AppError } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { findWorkspace } from '../workspaces/store.ts';
import { type AcceptedInvitation, type AcceptInvitation, acceptInvitationSchema } from './schemas.ts';
import {
  findMember,
  findUserByEmail,
  insertMembership,
  insertUserWithPassword,
  lockInvitationByTokenHash,
  markAccepted,
} from './store.ts';
import { hashInvitationToken } from './tokens.ts';

/**
 * Joins the workspace an invitation names, once: the account is made (with the password given,
 * hashed as better-auth hashes it) when the invited e-mail has none. An unknown or revoked token
 * is 404 `invitation_not_found`; one used already 409 `invitation_used`; one past its 7 days 409
 * `invitation_expired`. Event `member.joined`. Signing in is the app's next step.
 */
export async function acceptInvitation(
  em: EntityManager,
  input: AcceptInvitation,
): Promise<AcceptedInvitation> {
  const { token, name, password } = acceptInvitationSchema.parse(input);
  // Hashed before the transaction: scrypt takes tens of milliseconds, not to be spent holding a lock.
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  return inTransaction(em, async (tx) => {
    const invitation = await lockInvitationByTokenHash(tx, hashInvitationToken(token));
    if (!invitation || invitation.revoked_at !== null) {
      throw new AppError('invitation_not_found', 'This invitation link is not valid');
    }
    if (invitation.accepted_at !== null) {
      throw new AppError('invitation_used', 'This invitation has been used already');
    }
    if (invitation.expired) {
      throw new AppError('invitation_expired', 'This invitation has expired: ask for a new one');
    }
    let user = await findUserByEmail(tx, invitation.email);
    const userCreated = user === undefined;
    if (!user) {
      if (passwordHash === undefined) {
        throw new AppError('invalid_body', 'A password is needed to create the account', {
          details: [{ path: 'password', message: 'required: the invited e-mail has no account yet' }],
        });
      }
      user = await insertUserWithPassword(tx, {
        email: invitation.email,
        name: name ?? invitation.email.split('@')[0] ?? invitation.email,
        passwordHash,
      });
    }
    const workspaceId = invitation.workspace_id;
    const joined = await insertMembership(tx, { workspaceId, userId: user.id, role: invitation.role });
    await markAccepted(tx, invitation.id, user.id);
    const member = await findMember(tx, workspaceId, user.id);
    if (!member) throw new Error('the membership just made is missing');
    if (joined) await recordEvent(tx, workspaceId, 'member.joined', member);
    const workspace = await findWorkspace(tx, workspaceId);
    return {
      workspaceId,
      workspaceName: workspace?.name ?? '',
      role: member.role,
      user,
      userCreated,
    };
  });
}
