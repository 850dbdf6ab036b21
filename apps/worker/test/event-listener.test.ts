import { createTestDatabase, freePort, type TestDatabase } from '@comptoir/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventListener, listenForEvents } from '../src/event-listener.ts';

let db: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await db.drop();
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const listeningBackends = async (channel: string) =>
  (
    await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and query = $1',
      [`listen ${channel}`],
    )
  ).rows.map((row) => row.pid);

describe('event listener', () => {
  let listener: EventListener | undefined;
  afterAll(() => listener?.stop());

  it('hears NOTIFY, opens a new connection when PostgreSQL drops it, and hears NOTIFY again', async () => {
    const channel = 'comptoir_listener_test';
    let heard = 0;
    const warnings: string[] = [];
    const infos: string[] = [];
    listener = listenForEvents({
      databaseUrl: db.url,
      channel,
      onNotification: () => heard++,
      log: { info: (_, message) => infos.push(message), warn: (_, message) => warnings.push(message) },
      retryMs: 50,
    });
    await until(() => listener?.listening() === true, 'listening');
    // One call when listening starts, for events committed while nobody listened.
    expect(heard).toBe(1);
    await admin.query(`notify ${channel}`);
    await until(() => heard === 2, 'the first notification is heard');

    const [pid] = await listeningBackends(channel);
    expect(pid).toBeTypeOf('number');
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await until(() => listener?.listening() === false, 'the loss is seen');
    await until(() => listener?.listening() === true, 'listening again');
    expect(warnings).toEqual(['event listener connection lost; polling until it is back']);
    expect(infos).toEqual(['event listener connection restored']);
    expect(heard).toBe(3);
    await until(async () => (await listeningBackends(channel)).length === 1, 'one new backend listens');
    expect(await listeningBackends(channel)).not.toContain(pid);

    await admin.query(`notify ${channel}`);
    await until(() => heard === 4, 'a notification after the reconnection is heard');

    await listener.stop();
    expect(listener.listening()).toBe(false);
    await until(async () => (await listeningBackends(channel)).length === 0, 'stop closes the connection');
  });

  it('keeps retrying, with one warning, while PostgreSQL cannot be reached, and stops cleanly', async () => {
    const warnings: string[] = [];
    const unreachable = new URL(db.url);
    unreachable.port = String(await freePort());
    const waiting = listenForEvents({
      databaseUrl: unreachable.toString(),
      channel: 'comptoir_listener_unreachable',
      onNotification: () => {},
      log: { info() {}, warn: (_, message) => warnings.push(message) },
      retryMs: 20,
      maxRetryMs: 40,
    });
    await until(() => warnings.length > 0, 'the first failure is reported');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warnings).toEqual(['event listener connection lost; polling until it is back']);
    expect(waiting.listening()).toBe(false);
    await waiting.stop();
  });
});
