import type { EntityManager } from '@comptoir/db';
import type { InvitationView, MemberView } from './schemas.ts';
import { membersOf, pendingInvitations } from './store.ts';

/** The workspace's members, oldest first. */
export function listMembers(em: EntityManager, workspaceId: string): Promise<MemberView[]> {
  return membersOf(em, workspaceId);
}

/** The workspace's invitations not yet accepted, revoked or expired, newest first. */
export function listInvitations(em: EntityManager, workspaceId: string): Promise<InvitationView[]> {
  return pendingInvitations(em, workspaceId);
}
