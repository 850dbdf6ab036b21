import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { deleteConnectionRow } from './store.ts';

/**
 * Disconnects the workspace from its platform. Invoices issued from now on owe it nothing; those
 * already owed keep their submission, which waits until a connection is set again.
 */
export async function deleteConnection(em: EntityManager, workspaceId: string): Promise<{ ok: true }> {
  return inTransaction(em, async (tx) => {
    if (!(await deleteConnectionRow(tx, workspaceId))) throw notFound('Platform connection');
    return { ok: true };
  });
}
