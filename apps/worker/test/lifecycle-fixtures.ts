import { createInvoice, createQuote, sendQuote } from '@comptoir/core';
import type { TestDatabase } from '@comptoir/testing';
import pg from 'pg';

/**
 * Invoices and quotes in the states the scheduled transitions look at. They are created by the
 * domain's use cases; their status and dates are then set with SQL (a fixture: the transitions
 * that lead there are not what these tests are about, and dates must lie in the past).
 */
export function lifecycleFixtures(db: TestDatabase) {
  const em = () => db.orm.em.fork();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const line = { title: 'Accompagnement', quantity: 2, unitPrice: 150, taxRate: 20 };
  const client = { clientName: 'Client SARL', clientEmail: 'compta@client.test', currency: 'EUR' };

  /** `count` invoices of the workspace in `status`, due `dueInDays` from now (negative: past). */
  async function invoices(workspaceId: string, count: number, status: string, dueInDays: number) {
    const ids: string[] = [];
    for (let index = 0; index < count; index++)
      ids.push((await createInvoice(em(), workspaceId, { ...client, lines: [line] })).id);
    await pool.query(
      `update invoices
          set status = $2, issued_at = now() - interval '40 days',
              due_at = now() + make_interval(secs => $3 * 86400.0),
              paid_amount = case when $2 = 'PAID' then total when $2 = 'PARTIAL' then total / 2 else 0 end,
              paid_at = case when $2 = 'PAID' then now() end
        where id = any($1)`,
      [ids, status, dueInDays],
    );
    return ids;
  }

  /** A numbered quote of the workspace in `status`, sent `sentDaysAgo` days ago. */
  async function quote(workspaceId: string, status: string, sentDaysAgo: number, validityDays: number) {
    const { id } = await createQuote(em(), workspaceId, { ...client, lines: [line] });
    await sendQuote(em(), workspaceId, id);
    await pool.query(
      `update quotes
          set status = $2, sent_at = now() - make_interval(secs => $3 * 86400.0), validity_days = $4
        where id = $1`,
      [id, status, sentDaysAgo, validityDays],
    );
    return id;
  }

  /** id -> status of the given records of `table`. */
  async function statuses(table: 'invoices' | 'quotes', ids: readonly string[]) {
    const { rows } = await pool.query<{ id: string; status: string }>(
      `select id, status from ${table} where id = any($1)`,
      [ids],
    );
    return Object.fromEntries(rows.map((row) => [row.id, row.status]));
  }

  /** Every recorded event of `type` about one of `ids`, oldest first. */
  async function events(type: string, ids: readonly string[]) {
    const { rows } = await pool.query<{
      workspace_id: string;
      data: Record<string, unknown>;
      created_at: Date;
    }>(
      `select workspace_id, data, created_at from events
        where type = $1 and data->>'id' = any($2) order by created_at, id`,
      [type, ids],
    );
    return rows;
  }

  return { pool, invoices, quote, statuses, events, close: () => pool.end() };
}
