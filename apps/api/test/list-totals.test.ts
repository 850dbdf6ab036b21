import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { callApi, type ListBody, sellerWorkspace, type Workspace } from './support/index.ts';
import { clientOf, invoiceInput } from './support/invoice-states.ts';

// List totals come from counters kept by triggers (workspace_list_counts), not from counting the
// rows on each page: they must stay exact whatever runs at the same time, on a page and past the
// last one, and be the same numbers a count of the rows gives.

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The total a list answers, on its first page and far past its last one. */
async function listTotals(workspace: Workspace, path: string): Promise<[number, number]> {
  const separator = path.includes('?') ? '&' : '?';
  const totals: number[] = [];
  for (const page of ['limit=1', 'limit=5&offset=10000']) {
    const answer = await callApi<ListBody<unknown>>(
      api,
      'GET',
      `${path}${separator}${page}`,
      undefined,
      workspace.headers,
    );
    if (answer.status !== 200)
      throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    totals.push(answer.body.pagination.total);
  }
  return [totals[0] ?? -1, totals[1] ?? -1];
}

/** The real count of a workspace's rows of `table` per status ('' for all of them). */
async function realCounts(table: 'invoices' | 'quotes', workspaceId: string): Promise<Map<string, number>> {
  const live = table === 'quotes' ? 'and deleted_at is null' : '';
  const rows = await api.db.orm.em.fork().execute<{ status: string; count: string }[]>(
    `select coalesce(status, '') as status, count(*) as count from ${table}
        where workspace_id = ? ${live} group by rollup (status)`,
    [workspaceId],
  );
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * Every counter of every counted list equals a count of the rows, in every workspace: the rows of
 * workspace_list_counts that differ from a recount (zero counters and absent ones are equal).
 */
async function countersApartFromRows(): Promise<unknown[]> {
  const recount = [
    `select workspace_id, 'invoices' as list, status as key, count(*) as total from invoices group by 1, 3`,
    `select workspace_id, 'quotes', status, count(*) from quotes where deleted_at is null group by 1, 3`,
    `select workspace_id, 'opportunities', status, count(*) from opportunities group by 1, 3`,
    `select workspace_id, 'contacts', '', count(*) from contacts group by 1`,
    `select workspace_id, 'companies', '', count(*) from companies group by 1`,
    `select workspace_id, 'webhook_endpoints', '', count(*) from webhook_endpoints where deleted_at is null group by 1`,
  ].join(' union all ');
  return api.db.orm.em.fork().execute(
    `select coalesce(k.workspace_id, r.workspace_id) as workspace_id, coalesce(k.list, r.list) as list,
            coalesce(k.key, r.key) as key, k.total as kept, r.total as counted
       from workspace_list_counts k
       full join (${recount}) r on r.workspace_id = k.workspace_id and r.list = k.list and r.key = k.key
      where coalesce(k.total, 0) <> coalesce(r.total, 0)`,
  );
}

describe('list totals kept by triggers', () => {
  it('invoice totals, all and per status, equal a count after concurrent creates and transitions', async () => {
    const workspace = await sellerWorkspace(api);
    const other = await sellerWorkspace(api);
    const client = clientOf(api, workspace);
    const drafts = await Promise.all(
      Array.from({ length: 16 }, async () => (await client.invoices.create.mutate(invoiceInput)).data.id),
    );
    await clientOf(api, other).invoices.create.mutate(invoiceInput);

    // Creates, sends and cancellations at once; then payments and cancellations of sent ones
    // (a credit note each) with more creates.
    const more = () => client.invoices.create.mutate(invoiceInput);
    await Promise.all([
      ...Array.from({ length: 8 }, more),
      ...drafts.slice(0, 10).map((id) => client.invoices.send.mutate({ id })),
      ...drafts.slice(10, 13).map((id) => client.invoices.cancel.mutate({ id })),
    ]);
    await Promise.all([
      ...Array.from({ length: 8 }, more),
      ...drafts
        .slice(0, 4)
        .map((id) => client.invoices.recordPayment.mutate({ id, amount: 120, method: 'cash' })),
      ...drafts
        .slice(4, 6)
        .map((id) => client.invoices.recordPayment.mutate({ id, amount: 1, method: 'cash' })),
      ...drafts.slice(6, 8).map((id) => client.invoices.cancel.mutate({ id })),
    ]);

    const counts = await realCounts('invoices', workspace.workspaceId);
    // 16 + 8 + 8 invoices and 2 credit notes
    expect(counts.get('')).toBe(34);
    expect(await listTotals(workspace, '/invoices')).toEqual([34, 34]);
    for (const status of ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'CANCELLED']) {
      const count = counts.get(status) ?? 0;
      expect([status, await listTotals(workspace, `/invoices?status=${status}`)]).toEqual([
        status,
        [count, count],
      ]);
    }
    expect(counts.get('PAID')).toBe(4);
    expect(await listTotals(other, '/invoices')).toEqual([1, 1]);
    expect(await countersApartFromRows()).toEqual([]);
  });

  it('quote totals leave deleted quotes out, under concurrent creates, sends and deletes', async () => {
    const workspace = await sellerWorkspace(api);
    const client = clientOf(api, workspace);
    const quoteInput = { ...invoiceInput, clientName: 'Mairie de Sète' };
    const quotes = await Promise.all(
      Array.from({ length: 12 }, async () => (await client.quotes.create.mutate(quoteInput)).data.id),
    );
    await Promise.all([
      ...Array.from({ length: 6 }, () => client.quotes.create.mutate(quoteInput)),
      ...quotes.slice(0, 5).map((id) => client.quotes.send.mutate({ id })),
      ...quotes.slice(5, 9).map((id) => client.quotes.delete.mutate({ id })),
    ]);

    const counts = await realCounts('quotes', workspace.workspaceId);
    expect(counts.get('')).toBe(14);
    expect(await listTotals(workspace, '/quotes')).toEqual([14, 14]);
    expect(await listTotals(workspace, '/quotes?status=DRAFT')).toEqual([9, 9]);
    expect(await listTotals(workspace, '/quotes?status=SENT')).toEqual([5, 5]);
    expect(await listTotals(workspace, '/quotes?status=ACCEPTED')).toEqual([0, 0]);
    expect(await countersApartFromRows()).toEqual([]);
  });

  it('contact, company and opportunity totals count concurrent creates; a search still counts its matches', async () => {
    const workspace = await sellerWorkspace(api);
    const client = clientOf(api, workspace);
    const companies = await Promise.all(
      Array.from(
        { length: 7 },
        async (_, i) => (await client.companies.create.mutate({ name: `Société ${i}` })).data,
      ),
    );
    await Promise.all([
      ...Array.from({ length: 9 }, (_, i) =>
        client.contacts.create.mutate({
          name: `Contact ${i}`,
          email: `contact${i}@totals.test`,
          companyId: companies[i % 7]?.id,
        }),
      ),
      ...Array.from({ length: 5 }, (_, i) => client.opportunities.create.mutate({ title: `Affaire ${i}` })),
    ]);
    expect(await listTotals(workspace, '/companies')).toEqual([7, 7]);
    expect(await listTotals(workspace, '/contacts')).toEqual([9, 9]);
    expect(await listTotals(workspace, '/opportunities')).toEqual([5, 5]);
    expect(await listTotals(workspace, '/opportunities?status=WON')).toEqual([0, 0]);
    // `q` filters beyond what the counters know: its total is its matches
    expect(await listTotals(workspace, '/companies?q=societe%203')).toEqual([1, 1]);
    expect(await countersApartFromRows()).toEqual([]);
  });

  it('bulk statements (a sweep, an update, a delete) move the counters by every row they change', async () => {
    const workspace = await sellerWorkspace(api);
    const client = clientOf(api, workspace);
    for (let i = 0; i < 5; i++) {
      const { id } = (await client.invoices.create.mutate(invoiceInput)).data;
      if (i < 4) await client.invoices.send.mutate({ id });
    }
    const em = api.db.orm.em.fork();
    // what the worker's overdue sweep does, in one statement for several invoices
    await em.execute(`update invoices set status = 'OVERDUE' where workspace_id = ? and status = 'SENT'`, [
      workspace.workspaceId,
    ]);
    // an update that changes no key and no membership writes no counter
    await em.execute(`update invoices set title = title || '.' where workspace_id = ?`, [
      workspace.workspaceId,
    ]);
    expect(await listTotals(workspace, '/invoices?status=OVERDUE')).toEqual([4, 4]);
    expect(await listTotals(workspace, '/invoices?status=SENT')).toEqual([0, 0]);
    expect(await listTotals(workspace, '/invoices')).toEqual([5, 5]);

    await Promise.all(
      Array.from({ length: 4 }, (_, i) => client.companies.create.mutate({ name: `Atelier ${i}` })),
    );
    await em.execute(`delete from companies where workspace_id = ? and name in ('Atelier 0', 'Atelier 1')`, [
      workspace.workspaceId,
    ]);
    expect(await listTotals(workspace, '/companies')).toEqual([2, 2]);
    expect(await countersApartFromRows()).toEqual([]);
  });
});
