import { inTransaction } from '@comptoir/db';
import { createTestDatabase, factories, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxBacklog, recordEvent, stockStateOf } from '../src/index.ts';
import { generateKey, isWellFormedKey, keyPrefix } from '../src/keys/format.ts';

let db: TestDatabase;
let workspaceId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  workspaceId = (await factories(db.orm).workspace()).id;
});
afterAll(() => db.drop());

const eventCount = async () =>
  Number((await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from events'))[0]?.n);

describe('outbox', () => {
  it('records an event inside the caller’s transaction', async () => {
    const event = await inTransaction(db.orm.em.fork(), (tx) =>
      recordEvent(tx, workspaceId, 'company.created', { id: 'cmp_x', name: 'Acme' }),
    );
    expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'company.created' });
    const [row] = await db.orm.em
      .fork()
      .execute<{ workspace_id: string; data: unknown; published_at: null }[]>(
        'select workspace_id, data, published_at from events where id = ?',
        [event.id],
      );
    expect(row).toEqual({
      workspace_id: workspaceId,
      data: { id: 'cmp_x', name: 'Acme' },
      published_at: null,
    });
    expect((await outboxBacklog(db.orm.em.fork())).unpublished).toBe(1);
  });

  it('leaves no event when the transaction rolls back', async () => {
    const before = await eventCount();
    await expect(
      inTransaction(db.orm.em.fork(), async (tx) => {
        await recordEvent(tx, workspaceId, 'company.created', { id: 'cmp_y' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventCount()).toBe(before);
  });

  it('refuses to record outside a transaction', async () => {
    await expect(recordEvent(db.orm.em.fork(), workspaceId, 'company.created', {})).rejects.toThrow(
      /outside a transaction/,
    );
  });
});

describe('stock state', () => {
  it.each([
    [false, null, null, 'untracked'],
    [true, '0', null, 'out'],
    [true, '-2', '5', 'out'],
    [true, '5', '5', 'low'],
    [true, '5.0001', '5', 'ok'],
    [true, '1', null, 'ok'],
  ] as const)('trackStock=%s quantity=%s threshold=%s is %s', (track, quantity, threshold, state) => {
    expect(stockStateOf(track, quantity, threshold)).toBe(state);
  });
});

describe('key format', () => {
  it('generates keys of the documented shape that pass their own checksum', () => {
    const key = generateKey();
    expect(key).toMatch(new RegExp(`^${keyPrefix}[0-9A-Za-z]{38}$`));
    expect(isWellFormedKey(key)).toBe(true);
    expect(isWellFormedKey(`${key.slice(0, 20)}${key[20] === 'x' ? 'y' : 'x'}${key.slice(21)}`)).toBe(false);
  });
});
