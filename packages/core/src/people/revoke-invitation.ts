import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import type { InvitationView } from './schemas.ts';
import { revokeInvitationRow } from './store.ts';

/** Withdraws an invitation not yet accepted: its link stops working. Event `invitation.revoked`. */
export async function revokeInvitation(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<InvitationView> {
  return inTransaction(em, async (tx) => {
    const revoked = await revokeInvitationRow(tx, workspaceId, id);
    if (!revoked) throw notFound('Invitation');
    await recordEvent(tx, workspaceId, 'invitation.revoked', revoked);
    return revoked;
  });
}
