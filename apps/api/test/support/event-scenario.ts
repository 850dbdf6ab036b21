import {
  claimDeliveryAttempt,
  type EventType,
  expireQuotes,
  markOverdueInvoices,
  receiveSupplierInvoice,
  recordDeliveryAttempt,
} from '@comptoir/core';
import { ublInvoice } from '@comptoir/core/factories';
import { appRouter } from '@comptoir/trpc';
import type { TestApi } from '../harness.ts';
import { memberSession } from './people.ts';
import { connectLocalPlatform, submitDue } from './platform.ts';
import type { Workspace } from './records.ts';
import { callTrpc } from './trpc.ts';

// A scenario that records every event type through the use cases the code has: the procedures
// of the router when present (so it grows as they land), the worker's sweeps and delivery
// steps through the same core functions the worker calls.

let api: TestApi;
let home: Workspace;

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
/** Whether the app router has the procedure (`quotes.accept`). */
export const hasProcedure = (procedure: string) => procedure in procedures;

/** The procedure a scenario needs to produce each type; the test grows as procedures land. */
export const producers: Record<EventType, string> = {
  'invoice.created': 'invoices.create',
  'invoice.updated': 'invoices.update',
  'invoice.sent': 'invoices.send',
  'invoice.payment_recorded': 'invoices.recordPayment',
  'invoice.paid': 'invoices.recordPayment',
  'invoice.overdue': 'invoices.send',
  'invoice.cancelled': 'invoices.cancel',
  'credit_note.created': 'invoices.cancel',
  'invoice.einvoice_status_changed': 'einvoicing.setConnection',
  'quote.created': 'quotes.create',
  'quote.updated': 'quotes.update',
  'quote.sent': 'quotes.send',
  'quote.deleted': 'quotes.delete',
  'quote.signature_requested': 'quotes.requestSignature',
  'quote.accepted': 'quotes.accept',
  'quote.rejected': 'quotes.reject',
  'quote.expired': 'quotes.send',
  'quote.archived': 'quotes.archive',
  'quote.invoiced': 'quotes.convertToInvoice',
  'contact.created': 'contacts.create',
  'contact.updated': 'contacts.update',
  'company.created': 'companies.create',
  'company.updated': 'companies.update',
  'opportunity.created': 'opportunities.create',
  'opportunity.updated': 'opportunities.update',
  'opportunity.won': 'opportunities.update',
  'opportunity.lost': 'opportunities.update',
  'product.archived': 'products.archive',
  'product.restored': 'products.restore',
  'workspace.updated': 'workspace.update',
  'stock.adjusted': 'products.adjust',
  'stock.movement': 'stockMovements.applyBatch',
  'stock.low': 'products.adjust',
  'stock.out': 'stockMovements.applyBatch',
  'webhook_endpoint.disabled': 'events.redeliver',
  // supplier invoices come from the platform (core's receive); their transitions are procedures
  'supplier_invoice.received': 'supplierInvoices.approve',
  'supplier_invoice.approved': 'supplierInvoices.approve',
  'supplier_invoice.refused': 'supplierInvoices.refuse',
  'supplier_invoice.payment_recorded': 'supplierInvoices.recordPayment',
  'supplier_invoice.paid': 'supplierInvoices.recordPayment',
  // people: an owner's session invites, changes roles, removes; the invited accept
  'member.invited': 'members.invite',
  'member.joined': 'invitations.accept',
  'member.role_changed': 'members.changeRole',
  'member.removed': 'members.remove',
  'invitation.revoked': 'invitations.revoke',
  'api_key.created': 'keys.create',
  'api_key.revoked': 'keys.revoke',
};

type Output = { data: Record<string, unknown> & { id: string } };

async function run(
  procedure: string,
  input: Record<string, unknown>,
  headers: Record<string, string> = home.headers,
): Promise<Output['data']> {
  const type = procedures[procedure]?._def.type === 'query' ? 'query' : 'mutation';
  const answer = await callTrpc<{ result: { data: Output } }>(api, procedure, type, input, headers);
  if (answer.status !== 200) throw new Error(`${procedure}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result.data.data;
}

/** Runs `procedure` when the router has it. */
const step = (procedure: string, input: Record<string, unknown>) =>
  hasProcedure(procedure) ? run(procedure, input) : undefined;

const document = {
  clientName: 'Client SARL',
  clientEmail: 'client@example.test',
  lines: [{ title: 'Consulting', quantity: 2, unitPrice: 100, taxRate: 20 }],
};

async function invoiceScenario() {
  const paid = await run('invoices.create', document);
  await step('invoices.update', {
    id: paid.id,
    title: 'Consulting, March',
    dueAt: '2030-01-01T00:00:00.000Z',
  });
  if (!hasProcedure('invoices.send')) return;
  await run('invoices.send', { id: paid.id });
  await step('invoices.recordPayment', { id: paid.id, amount: 50, method: 'transfer', reference: 'VIR-1' });
  await markOverdueInvoices(api.db.orm.em.fork(), { now: new Date('2031-01-01T00:00:00.000Z') });
  await step('invoices.recordPayment', { id: paid.id, amount: 190, method: 'card' });
  if (!hasProcedure('invoices.cancel')) return;
  const credited = await run('invoices.create', document);
  await run('invoices.send', { id: credited.id });
  await run('invoices.cancel', { id: credited.id });
  await run('invoices.cancel', { id: (await run('invoices.create', document)).id });
}

async function quoteScenario(opportunityId: string) {
  const quote = (extra: Record<string, unknown> = {}) => run('quotes.create', { ...document, ...extra });
  const sent = async () => {
    const { id } = await quote();
    await run('quotes.send', { id });
    return id;
  };
  const converted = await quote({ opportunityId });
  await run('quotes.update', { id: converted.id, notes: 'Valid for 30 days' });
  await run('quotes.send', { id: converted.id });
  await step('quotes.requestSignature', { id: converted.id });
  await step('quotes.accept', { id: converted.id });
  await step('quotes.convertToInvoice', { id: converted.id });
  const rejected = await sent();
  await step('quotes.reject', { id: rejected });
  const archived = await sent();
  await step('quotes.archive', { id: archived });
  await run('quotes.delete', { id: (await quote()).id });
  await sent();
  await expireQuotes(api.db.orm.em.fork(), { now: new Date(Date.now() + 400 * 86_400_000) });
}

async function recordsScenario() {
  const company = await run('companies.create', { name: 'Acme SAS', siret: '73282932000074' });
  await step('companies.update', { id: company.id, name: 'Acme Group SAS' });
  const contact = await run('contacts.create', {
    name: 'Ada',
    email: 'ada@example.test',
    companyId: company.id,
  });
  await step('contacts.update', { id: contact.id, phone: '+33 1 23 45 67 89' });
  const lost = await run('opportunities.create', { title: 'Lost deal', amount: 100, companyId: company.id });
  await step('opportunities.update', { id: lost.id, priority: 'high' });
  await step('opportunities.update', { id: lost.id, status: 'LOST' });
  const won = await run('opportunities.create', { title: 'Won deal' });
  await step('opportunities.update', { id: won.id, status: 'WON' });
  return run('opportunities.create', { title: 'Quoted deal', amount: 240 });
}

async function stockScenario() {
  const product = await run('products.create', {
    name: 'Widget',
    trackStock: true,
    stockQuantity: 10,
    stockThreshold: 5,
  });
  await run('products.adjust', { id: product.id, countedQuantity: 4, note: 'inventory' });
  await run('stockMovements.applyBatch', {
    movements: [
      { productId: product.id, quantity: -4, reason: 'sale', refKind: 'order', refId: 'ORD-1' },
      { productId: product.id, quantity: 6, unitCost: 2.5 },
    ],
  });
  await step('products.archive', { id: product.id });
  await step('products.restore', { id: product.id });
}

/** The worker's steps for one delivery, through the same core functions, answered 410 Gone. */
async function disableAnEndpoint() {
  const endpoint = await run('webhookEndpoints.create', { url: 'https://hooks.example.com/gone' });
  const [event] = (await run('events.list', { limit: 1 })) as unknown as { id: string }[];
  if (!event) throw new Error('no event to deliver');
  const redelivered = (await run('events.redeliver', {
    id: event.id,
    endpointId: endpoint.id,
  })) as unknown as {
    deliveries: { id: string }[];
  };
  const deliveryId = redelivered.deliveries[0]?.id;
  if (!deliveryId) throw new Error('no delivery');
  const job = { deliveryId, endpointId: endpoint.id, generation: 0, attempt: 1, dueAt: Date.now() };
  const claimed = await claimDeliveryAttempt(api.db.orm.em.fork(), job, 60_000);
  if (!claimed) throw new Error('delivery not claimed');
  const gone = { ok: false, status: 410, durationMs: 1, error: null, retryAfter: null, responseBody: '' };
  await recordDeliveryAttempt(api.db.orm.em.fork(), claimed, new Date(), gone, [60_000]);
}

/** An invoice issued to the workspace's platform (the local one), submitted by the worker's steps. */
async function einvoicingScenario() {
  if (!hasProcedure('einvoicing.setConnection')) return;
  const { platform } = await connectLocalPlatform(api, home);
  try {
    const { id } = await run('invoices.create', document);
    await run('invoices.send', { id });
    await submitDue(api);
    await platform.idle();
  } finally {
    await platform.stop();
  }
}

/** Two supplier invoices received from the platform (core's receive): one approved and paid, one refused. */
async function supplierInvoiceScenario() {
  if (!hasProcedure('supplierInvoices.approve')) return;
  const receive = async (flowId: string) =>
    (
      await receiveSupplierInvoice(api.db.orm.em.fork(), home.workspaceId, {
        flowId,
        file: ublInvoice({ number: flowId, payable: '125.00' }),
        fileName: `${flowId}.xml`,
      })
    ).id;
  const paid = await receive('scenario-paid');
  await run('supplierInvoices.approve', { id: paid });
  await run('supplierInvoices.recordPayment', { id: paid, amount: 125, method: 'transfer' });
  await run('supplierInvoices.refuse', { id: await receive('scenario-refused'), reason: 'Not ordered' });
}

/** An owner's session invites two people: one joins and changes role, then leaves; one invitation is withdrawn. */
async function peopleScenario() {
  if (!hasProcedure('members.invite')) return;
  const owner = await memberSession(api, home.workspaceId, 'owner');
  const invited = await run('members.invite', { email: 'joiner@example.test', role: 'sales' }, owner.headers);
  const joined = (await run('invitations.accept', {
    token: invited.token,
    name: 'Joiner',
    password: 'joiner password',
  })) as unknown as { user: { id: string } };
  await run('members.changeRole', { userId: joined.user.id, role: 'stock' }, owner.headers);
  await run('members.remove', { userId: joined.user.id }, owner.headers);
  const withdrawn = await run(
    'members.invite',
    { email: 'never@example.test', role: 'stock' },
    owner.headers,
  );
  await run('invitations.revoke', { id: withdrawn.id }, owner.headers);
  const key = await run('keys.create', { scopes: ['read:products'], name: 'scenario' }, owner.headers);
  await run('keys.revoke', { id: key.id }, owner.headers);
}

/** Runs the scenario in the workspace (a key with every scope): its events are in its outbox. */
export async function runEventScenario(testApi: TestApi, workspace: Workspace): Promise<void> {
  api = testApi;
  home = workspace;
  await step('workspace.update', {
    legalName: 'Comptoir Test SAS',
    siren: '732829320',
    vatNumber: 'FR44732829320',
    address: { lines: ['1 rue du Test'], postalCode: '75001', city: 'Paris', countryCode: 'FR' },
  });
  const opportunity = await recordsScenario();
  await stockScenario();
  await invoiceScenario();
  await quoteScenario(opportunity.id);
  await disableAnEndpoint();
  await einvoicingScenario();
  await supplierInvoiceScenario();
  await peopleScenario();
}
