import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { type MemberView, removeMemberSchema } from './schemas.ts';
import { deleteMembership, findMember, lockOwners } from './store.ts';

/**
 * Removes a member from the workspace (their account stays: they may belong to others). The
 * last owner cannot leave: 409 `last_owner`. Their next request in this workspace is refused.
 * Event `member.removed`.
 */
export async function removeMember(
  em: EntityManager,
  workspaceId: string,
  input: { userId: string },
): Promise<MemberView> {
  const { userId } = removeMemberSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const owners = await lockOwners(tx, workspaceId);
    const member = await findMember(tx, workspaceId, userId);
    if (!member) throw notFound('Member');
    if (member.role === 'owner' && owners <= 1) {
      throw new AppError(
        'last_owner',
        'The last owner cannot leave the workspace: make another member owner first',
      );
    }
    await deleteMembership(tx, workspaceId, userId);
    await recordEvent(tx, workspaceId, 'member.removed', member);
    return member;
  });
}
