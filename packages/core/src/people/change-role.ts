import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import type { Role } from './roles.ts';
import { changeRoleSchema, type MemberView } from './schemas.ts';
import { findMember, lockOwners, updateRole } from './store.ts';

/**
 * Gives a member another role. The workspace keeps at least one owner: demoting the last one is
 * 409 `last_owner`. Event `member.role_changed` (with `previousRole`), unless nothing changed.
 */
export async function changeMemberRole(
  em: EntityManager,
  workspaceId: string,
  input: { userId: string; role: Role },
): Promise<MemberView> {
  const { userId, role } = changeRoleSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const owners = await lockOwners(tx, workspaceId);
    const member = await findMember(tx, workspaceId, userId);
    if (!member) throw notFound('Member');
    if (member.role === role) return member;
    if (member.role === 'owner' && owners <= 1) {
      throw new AppError('last_owner', 'The workspace needs an owner: make another member owner first');
    }
    await updateRole(tx, workspaceId, userId, role);
    const changed = { ...member, role };
    await recordEvent(tx, workspaceId, 'member.role_changed', { ...changed, previousRole: member.role });
    return changed;
  });
}
