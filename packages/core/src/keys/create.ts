import { type EntityManager, inTransaction, newId, toIsoOrNull } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { workspaceExists } from '../workspaces/store.ts';
import { generateKey, hashKey, lastCharacters } from './format.ts';
import { type CreatedKey, type KeyCreate, keyCreateSchema } from './schemas.ts';
import { insertKey, keySummary } from './store.ts';

/** Issues a key for a workspace; the answer is the only time the key itself is shown. */
export async function createKey(em: EntityManager, input: KeyCreate): Promise<CreatedKey> {
  const data = keyCreateSchema.parse(input);
  if (data.expiresAt && data.expiresAt.getTime() <= Date.now()) {
    throw new AppError('invalid_request', 'expiresAt must be in the future');
  }
  if (!(await workspaceExists(em, data.workspaceId))) throw notFound('Workspace');
  const key = generateKey();
  const uniqueScopes = [...new Set(data.scopes)];
  const id = newId('apiKey');
  const expiresAt = data.expiresAt ?? null;
  await insertKey(em, {
    id,
    workspaceId: data.workspaceId,
    name: data.name ?? null,
    keyHash: hashKey(key),
    lastCharacters: lastCharacters(key),
    scopes: uniqueScopes,
    rateLimitPerMinute: data.rateLimitPerMinute ?? null,
    expiresAt,
  });
  return { id, key, scopes: uniqueScopes, expiresAt: toIsoOrNull(expiresAt) };
}

/**
 * An owner issues a key for their workspace from the app (keys.create): the key, and the event
 * `api_key.created` (its summary, never the key), in one transaction.
 */
export async function issueWorkspaceKey(
  em: EntityManager,
  workspaceId: string,
  input: Omit<KeyCreate, 'workspaceId'>,
): Promise<CreatedKey> {
  return inTransaction(em, async (tx) => {
    const created = await createKey(tx, { ...input, workspaceId });
    const summary = await keySummary(tx, workspaceId, created.id);
    if (!summary) throw new Error('the key just made is missing');
    await recordEvent(tx, workspaceId, 'api_key.created', { ...summary });
    return created;
  });
}
