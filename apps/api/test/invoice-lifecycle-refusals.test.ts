import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callTrpc,
  databaseFingerprint,
  expectTrpcError,
  sellerWorkspace,
  trpcErrorOf,
  type Workspace,
} from './support/index.ts';
import { type Client, clientOf, type InvoiceState, invoiceIn } from './support/invoice-states.ts';

// Every refusal of the invoice transitions: the answer, and nothing written (no change, no event).

let api: TestApi;
let workspace: Workspace;
let client: Client;

beforeAll(async () => {
  api = await startTestApi();
  workspace = await sellerWorkspace(api);
  client = clientOf(api, workspace);
});
afterAll(() => api.close());

/** A valid input of each transition beside the id. */
const inputs = {
  'invoices.update': { title: 'Renamed' },
  'invoices.send': {},
  'invoices.recordPayment': { amount: 1, method: 'cash' },
  'invoices.cancel': {},
} as const;
type Transition = keyof typeof inputs;

async function expectRefused(
  procedure: Transition,
  id: string,
  extra: Record<string, unknown>,
  status: number,
  code: string,
) {
  const before = await databaseFingerprint(api);
  const input = { id, ...inputs[procedure], ...extra };
  const error = await expectTrpcError(
    await callTrpc(api, procedure, 'mutation', input, workspace.headers),
    status,
    code,
  );
  expect(await databaseFingerprint(api)).toEqual(before);
  return error;
}

describe('409 refusals, which change nothing and record nothing', () => {
  it.each([
    ['invoices.update', 'SENT', 'invoice_not_draft'],
    ['invoices.update', 'PAID', 'invoice_not_draft'],
    ['invoices.update', 'CANCELLED', 'invoice_not_draft'],
    ['invoices.send', 'SENT', 'invoice_not_draft'],
    ['invoices.send', 'PARTIAL', 'invoice_not_draft'],
    ['invoices.send', 'CANCELLED', 'invoice_not_draft'],
    ['invoices.recordPayment', 'DRAFT', 'invalid_transition'],
    ['invoices.recordPayment', 'PAID', 'invalid_transition'],
    ['invoices.recordPayment', 'CANCELLED', 'invalid_transition'],
    ['invoices.cancel', 'PARTIAL', 'invoice_has_payments'],
    ['invoices.cancel', 'PAID', 'invoice_has_payments'],
    ['invoices.cancel', 'CANCELLED', 'invalid_transition'],
    ['invoices.update', 'CREDIT_NOTE', 'invalid_transition'],
    ['invoices.send', 'CREDIT_NOTE', 'invalid_transition'],
    ['invoices.recordPayment', 'CREDIT_NOTE', 'invalid_transition'],
    ['invoices.cancel', 'CREDIT_NOTE', 'invalid_transition'],
  ] as const)('%s on a %s invoice answers 409 %s', async (procedure, state, code) => {
    const invoice = await invoiceIn(client, state as InvoiceState);
    const error = await expectRefused(procedure, invoice.id, {}, 409, code);
    const named = state === 'CREDIT_NOTE' ? 'credit note' : `status ${state}`;
    expect(error.message).toContain(named);
  });
});

describe('422 refusals', () => {
  it.each([
    ['in the future', () => new Date(Date.now() + 3_600_000).toISOString()],
    ['before the latest issued invoice', () => '2020-01-01T00:00:00Z'],
  ])('answers 422 invoice_issue_date_out_of_order for an issue date %s', async (_case, date) => {
    await invoiceIn(client, 'SENT');
    const draft = await invoiceIn(client, 'DRAFT');
    const error = await expectRefused(
      'invoices.send',
      draft.id,
      { issuedAt: date() },
      422,
      'invoice_issue_date_out_of_order',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(['issuedAt']);
  });

  it('answers 422 payment_exceeds_balance above the balance, and takes the exact balance', async () => {
    const partial = await invoiceIn(client, 'PARTIAL');
    const error = await expectRefused(
      'invoices.recordPayment',
      partial.id,
      { amount: 119.01 },
      422,
      'payment_exceeds_balance',
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(['amount']);
    const paid = await client.invoices.recordPayment.mutate({ id: partial.id, amount: 119, method: 'cash' });
    expect(paid.data.status).toBe('PAID');
  });
});

describe('400 invalid_body', () => {
  it.each([
    ['invoices.recordPayment', { amount: 0 }, 'amount'],
    ['invoices.recordPayment', { amount: 1.005 }, 'amount'],
    ['invoices.recordPayment', { method: 'bitcoin' }, 'method'],
    ['invoices.recordPayment', { reference: 'x'.repeat(201) }, 'reference'],
    ['invoices.recordPayment', { paidAt: 'yesterday' }, 'paidAt'],
    ['invoices.send', { issuedAt: '2026-13-01T00:00:00Z' }, 'issuedAt'],
    ['invoices.update', { discountPercent: 100.5 }, 'discountPercent'],
    ['invoices.update', { discountPercent: 1.00001 }, 'discountPercent'],
    ['invoices.update', { lines: [] }, 'lines'],
    ['invoices.update', { clientEmail: 'nope' }, 'clientEmail'],
  ] as const)('%s answers 400 for %j', async (procedure, extra, path) => {
    // an invoice each procedure accepts, so that only the input is at fault
    const invoice = await invoiceIn(client, procedure === 'invoices.recordPayment' ? 'SENT' : 'DRAFT');
    const error = await expectRefused(procedure, invoice.id, extra, 400, 'invalid_body');
    expect(error.details?.map((detail) => detail.path)).toEqual([path]);
  });
});

describe('isolation', () => {
  it.each(Object.keys(inputs) as Transition[])(
    '%s answers 404 not_found for another workspace’s invoice, through the typed client',
    async (procedure) => {
      const other = clientOf(api, await sellerWorkspace(api));
      const theirs = await invoiceIn(other, procedure === 'invoices.recordPayment' ? 'SENT' : 'DRAFT');
      const before = await databaseFingerprint(api);
      const call = {
        'invoices.update': () => client.invoices.update.mutate({ id: theirs.id, title: 'Mine' }),
        'invoices.send': () => client.invoices.send.mutate({ id: theirs.id }),
        'invoices.recordPayment': () =>
          client.invoices.recordPayment.mutate({ id: theirs.id, amount: 1, method: 'cash' }),
        'invoices.cancel': () => client.invoices.cancel.mutate({ id: theirs.id }),
      }[procedure];
      expect(await trpcErrorOf(call())).toMatchObject({ httpStatus: 404, code: 'not_found' });
      expect(await databaseFingerprint(api)).toEqual(before);
    },
  );
});
