import { createHash } from 'node:crypto';
import { pollPlatform, retryDelayMs } from '@comptoir/core';
import { computeWebhookSignature } from '@comptoir/einvoicing';
import { sampleCii, sampleFacturX } from '@comptoir/local-platform/samples';
import { testKeyring } from '@comptoir/testing';
import { platformWebhookPath } from '@comptoir/trpc/paths';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callTrpc,
  databaseFingerprint,
  eventsOfWorkspace,
  expectError,
  expectTrpcError,
  sellerWorkspace,
} from './support/index.ts';
import { type Client, clientOf, invoiceInput } from './support/invoice-states.ts';
import { type ConnectedPlatform, connectLocalPlatform, sendOwed, submitDue } from './support/platform.ts';

// Issue 34 (rulings, "E-invoicing"): every issued invoice and credit note reaches the workspace's
// approved platform once, and the statuses it reports come back, by its webhooks or by polling.
// The platform is the local one (packages/local-platform), over a real socket; the client under
// test is the production one.

let api: TestApi;
const platforms: ConnectedPlatform[] = [];

beforeAll(async () => {
  api = await startTestApi({ allowPrivateWebhookTargets: true });
});
afterAll(() => api.close());
afterEach(async () => {
  await Promise.all(platforms.splice(0).map(({ platform }) => platform.stop()));
});

async function connected(options: { webhooks?: boolean } = {}) {
  const workspace = await sellerWorkspace(api);
  const connection = await connectLocalPlatform(api, workspace, options);
  platforms.push(connection);
  return { workspace, client: clientOf(api, workspace), ...connection };
}

async function sentInvoice(client: Client) {
  const { data: draft } = await client.invoices.create.mutate(invoiceInput);
  return (await client.invoices.send.mutate({ id: draft.id })).data;
}

const read = async (client: Client, id: string) => (await client.invoices.get.query({ id })).data;

describe('the platform connection', () => {
  it('is set, read without its secrets (stored encrypted), tested and deleted by the owner', async () => {
    const { workspace, client, platform, clientSecret, webhookSecret } = await connected();
    const { data } = await client.einvoicing.getConnection.query({});
    expect(data).toMatchObject({
      configured: true,
      baseUrl: platform.url,
      authKind: 'oauth2',
      clientId: 'comptoir',
    });
    expect(JSON.stringify(data)).not.toContain(clientSecret);
    const [row] = await api.db.orm.em
      .fork()
      .execute<{ credential: string; webhook_secret: string }[]>(
        'select credential, webhook_secret from einvoicing_connections where workspace_id = ?',
        [workspace.workspaceId],
      );
    expect(row?.credential.startsWith('enc:')).toBe(true);
    expect(row?.webhook_secret.startsWith('enc:')).toBe(true);
    expect(JSON.stringify(row)).not.toContain(webhookSecret);
    expect((await client.einvoicing.testConnection.mutate({})).data).toEqual({ ok: true, error: null });
    expect(JSON.stringify(api.logs)).not.toContain(clientSecret);

    expect((await client.einvoicing.deleteConnection.mutate({})).data).toEqual({ ok: true });
    expect((await client.einvoicing.getConnection.query({})).data.configured).toBe(false);
    const again = await callTrpc(api, 'einvoicing.deleteConnection', 'mutation', {}, workspace.headers);
    await expectTrpcError(again, 404, 'not_found');
  });

  it('tests false, naming why, with credentials the platform refuses', async () => {
    const { workspace, platform } = await connected();
    await callTrpc(
      api,
      'einvoicing.setConnection',
      'mutation',
      {
        baseUrl: platform.url,
        auth: { kind: 'oauth2', tokenUrl: platform.tokenUrl, clientId: 'comptoir', clientSecret: 'wrong' },
        webhookSecret: 'a-webhook-secret-of-the-platform',
      },
      workspace.headers,
    );
    const answer = await callTrpc<{ result: { data: { data: { ok: boolean; error: { kind: string } } } } }>(
      api,
      'einvoicing.testConnection',
      'mutation',
      {},
      workspace.headers,
    );
    expect(answer.body.result.data.data).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
  });

  it('refuses a private URL unless the service allows private targets, naming the field', async () => {
    const strict = await startTestApi();
    try {
      const workspace = await sellerWorkspace(strict);
      const answer = await callTrpc(
        strict,
        'einvoicing.setConnection',
        'mutation',
        {
          baseUrl: 'http://127.0.0.1:9/flow-service',
          auth: { kind: 'bearer', token: 'token' },
          webhookSecret: 'a-webhook-secret-of-the-platform',
        },
        workspace.headers,
      );
      const error = await expectTrpcError(answer, 400, 'invalid_body');
      expect(error.details?.map((detail) => detail.path)).toEqual(['baseUrl']);
    } finally {
      await strict.close();
    }
  });
});

describe('an issued invoice', () => {
  it('reads einvoice null when its workspace has no platform', async () => {
    const workspace = await sellerWorkspace(api);
    const invoice = await sentInvoice(clientOf(api, workspace));
    expect(invoice.einvoice).toBeNull();
    expect(await submitDue(api)).toEqual([]);
  });

  it('is owed to the platform as it is issued, reaches it once, byte for byte, and its statuses come back', async () => {
    const { workspace, client, platform } = await connected();
    const sent = await sentInvoice(client);
    expect(sent.einvoice).toMatchObject({ status: 'pending', flowId: null, reason: null });

    expect(await submitDue(api)).toEqual([{ kind: 'submitted', flowId: expect.any(String), found: false }]);
    await platform.idle();
    const outgoing = platform.flows().filter((flow) => flow.flow.flowDirection === 'Out');
    expect(outgoing).toHaveLength(1);
    const pdf = await api.request(`/api/v1/invoices/${sent.id}/pdf`, { headers: workspace.headers });
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(outgoing[0]?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(outgoing[0]?.flow.trackingId).toBe(sent.id);

    // 200 Déposée came back by the platform's webhook.
    expect((await read(client, sent.id)).einvoice).toMatchObject({
      status: 'deposited',
      flowId: outgoing[0]?.flow.flowId,
    });
    await platform.approve(outgoing[0]?.flow.flowId as string);
    await platform.idle();
    expect((await read(client, sent.id)).einvoice?.status).toBe('approved');

    // The platform's 200 (and its acknowledgement) may come back before the submission's answer
    // is recorded: `submitted` then comes from its webhook, or is skipped (a status never goes
    // back), and the flow id is kept all the same. The lifecycle codes are the platform's.
    const { data: history } = await client.invoices.einvoiceHistory.query({ id: sent.id });
    const reported = history.filter((entry) => entry.platformCode !== null);
    expect(history[0]).toMatchObject({ status: 'pending', source: 'comptoir' });
    expect(reported.map((entry) => [entry.status, entry.platformCode, entry.source])).toEqual([
      ['deposited', 200, 'platform_webhook'],
      ['approved', 205, 'platform_webhook'],
    ]);
    const changes = (await eventsOfWorkspace(api, workspace.workspaceId)).filter(
      (event) => event.type === 'invoice.einvoice_status_changed',
    );
    expect(
      changes.map((event) => (event.data as { einvoice: { status: string } }).einvoice.status).slice(-2),
    ).toEqual(['deposited', 'approved']);
    expect(await submitDue(api)).toEqual([]);
  });

  it('shows the buyer’s refusal with its reason, and a late or duplicated report changes nothing', async () => {
    const { client, platform } = await connected();
    const sent = await sentInvoice(client);
    await submitDue(api);
    await platform.idle();
    const flowId = (await read(client, sent.id)).einvoice?.flowId as string;
    platform.faults.duplicateWebhooks(true);
    await platform.refuse(flowId, 'Quantités non conformes à la commande');
    await platform.idle();
    // A report after the end of the lifecycle (a refusal is final) changes nothing.
    await platform.approve(flowId);
    await platform.idle();
    expect((await read(client, sent.id)).einvoice).toMatchObject({
      status: 'refused',
      reason: 'Quantités non conformes à la commande',
    });
    const { data: history } = await client.invoices.einvoiceHistory.query({ id: sent.id });
    expect(history.filter((entry) => entry.platformCode !== null).map((entry) => entry.status)).toEqual([
      'deposited',
      'refused',
    ]);
  });

  it('and its credit note each reach the platform once', async () => {
    const { client, platform } = await connected();
    const sent = await sentInvoice(client);
    const { data: cancelled } = await client.invoices.cancel.mutate({ id: sent.id });
    const creditNote = await read(client, cancelled.creditNoteId as string);
    expect(creditNote.einvoice?.status).toBe('pending');
    expect(await submitDue(api)).toHaveLength(2);
    await platform.idle();
    const tracked = platform
      .flows()
      .filter((flow) => flow.flow.flowDirection === 'Out')
      .map((flow) => flow.flow.trackingId)
      .sort();
    expect(tracked).toEqual([sent.id, creditNote.id].sort());
  });
});

describe('Encaissée (212)', () => {
  it('is sent once per payment of a services invoice when the VAT is due on payment, with its amount and date', async () => {
    const { workspace, client, platform } = await connected();
    const sent = await sentInvoice(client);
    await submitDue(api);
    await platform.idle();
    const flowId = (await read(client, sent.id)).einvoice?.flowId as string;
    await client.invoices.recordPayment.mutate({
      id: sent.id,
      amount: 20,
      method: 'transfer',
      paidAt: '2026-11-20T10:00:00Z',
    });
    await client.invoices.recordPayment.mutate({ id: sent.id, amount: 100, method: 'card' });
    expect(await sendOwed(api)).toEqual([
      { kind: 'submitted', flowId: expect.any(String), found: false },
      { kind: 'submitted', flowId: expect.any(String), found: false },
    ]);
    expect(await sendOwed(api)).toEqual([]);
    await platform.idle();
    const cashed = platform.flow(flowId)?.statuses.filter((status) => status.code === 212) ?? [];
    expect(cashed).toHaveLength(2);
    const rows = await api.db.orm.em
      .fork()
      .execute<{ payload: { payment: { amount: string; date: string } } }[]>(
        `select payload from einvoice_status_outbox where workspace_id = ? order by created_at, id`,
        [workspace.workspaceId],
      );
    expect(rows.map((row) => row.payload.payment)).toEqual([
      { amount: '20.00', currency: 'EUR', date: '2026-11-20' },
      { amount: '100.00', currency: 'EUR', date: expect.any(String) },
    ]);
  });

  it('is not owed for goods, nor when the seller opted for VAT on debits', async () => {
    const { workspace, client, platform } = await connected();
    const { data: goods } = await client.invoices.create.mutate({
      ...invoiceInput,
      operationCategory: 'goods',
    });
    await client.invoices.send.mutate({ id: goods.id });
    await client.invoices.recordPayment.mutate({ id: goods.id, amount: 120, method: 'transfer' });
    await client.workspace.update.mutate({ vatOnDebits: true });
    const onDebits = await sentInvoice(client);
    await client.invoices.recordPayment.mutate({ id: onDebits.id, amount: 120, method: 'transfer' });
    expect(await sendOwed(api)).toEqual([]);
    await submitDue(api);
    await platform.idle();
    const [{ count } = { count: '' }] = await api.db.orm.em
      .fork()
      .execute<{ count: string }[]>('select count(*) from einvoice_status_outbox where workspace_id = ?', [
        workspace.workspaceId,
      ]);
    expect(count).toBe('0');
  });

  it('sent after a timeout is found by its tracking id, never sent twice', async () => {
    const { client, platform } = await connected();
    const sent = await sentInvoice(client);
    await submitDue(api);
    await platform.idle();
    await client.invoices.recordPayment.mutate({ id: sent.id, amount: 120, method: 'transfer' });
    platform.faults.delayNextAcceptance(3_000);
    const [first] = await sendOwed(api, { timeoutMs: 1_000 });
    expect(first).toMatchObject({ kind: 'retry' });
    await api.db.orm.em.fork().execute('update einvoice_status_outbox set next_attempt_at = now()');
    expect(await sendOwed(api, { timeoutMs: 1_000 })).toEqual([
      { kind: 'submitted', flowId: expect.any(String), found: true },
    ]);
    await platform.idle();
    const flowId = (await read(client, sent.id)).einvoice?.flowId as string;
    expect(platform.flow(flowId)?.statuses.filter((status) => status.code === 212)).toHaveLength(1);
  });
});

describe('a supplier’s invoice', () => {
  const supplierCii = (number: string) =>
    sampleCii({
      number,
      issueDate: '2026-11-20',
      seller: { name: 'Torréfaction Martin SAS', siren: '732829320' },
    });

  it('arriving at the platform becomes a supplier invoice, by webhook, once however often it is reported', async () => {
    const { client, platform } = await connected();
    platform.faults.duplicateWebhooks(true);
    const file = await sampleFacturX(supplierCii('F-2026-0042'));
    const flow = await platform.injectIncoming({ file, fileName: 'F-2026-0042.pdf', syntax: 'Factur-X' });
    await platform.idle();
    const { data: page } = await client.supplierInvoices.list.query({});
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({
      number: 'F-2026-0042',
      format: 'factur-x',
      flowId: flow.flowId,
      status: 'received',
    });
  });

  it('reaches a workspace whose platform sends no webhooks, by polling', async () => {
    const { workspace, client, platform } = await connected({ webhooks: false });
    const file = new TextEncoder().encode(supplierCii('F-2026-0043'));
    await platform.injectIncoming({ file, fileName: 'F-2026-0043.xml', syntax: 'CII' });
    await platform.idle();
    expect((await client.supplierInvoices.list.query({})).data).toHaveLength(0);
    await pollPlatform(api.db.orm.em.fork(), workspace.workspaceId, testKeyring());
    await pollPlatform(api.db.orm.em.fork(), workspace.workspaceId, testKeyring());
    const { data: page } = await client.supplierInvoices.list.query({});
    expect(page.map((invoice) => [invoice.number, invoice.format])).toEqual([['F-2026-0043', 'cii']]);
  });
});

describe('faults', () => {
  it('a platform that answers 500 gets the submission again after a backoff, once it answers', async () => {
    const { client, platform } = await connected();
    const sent = await sentInvoice(client);
    platform.faults.failNext(2, { status: 500 });
    const [first] = await submitDue(api);
    expect(first).toMatchObject({ kind: 'retry', delayMs: retryDelayMs(0) });
    expect((await read(client, sent.id)).einvoice?.status).toBe('pending');
    expect(await submitDue(api)).toEqual([]);
    const outcomes = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await api.db.orm.em.fork().execute('update einvoice_submissions set next_attempt_at = now()');
      outcomes.push(...(await submitDue(api)));
    }
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['retry', 'submitted']);
    expect((await read(client, sent.id)).einvoice?.status).not.toBe('pending');
    await platform.idle();
    expect(platform.flows().filter((flow) => flow.flow.flowDirection === 'Out')).toHaveLength(1);
  });

  it('a timeout after the platform accepted the flow is not submitted twice: the retry finds it', async () => {
    const { client, platform } = await connected();
    const sent = await sentInvoice(client);
    platform.faults.delayNextAcceptance(3_000);
    const [first] = await submitDue(api, { timeoutMs: 1_000 });
    expect(first).toMatchObject({ kind: 'retry' });
    expect((first as { error: string }).error).toMatch(/^timeout/);
    await api.db.orm.em.fork().execute('update einvoice_submissions set next_attempt_at = now()');
    const [second] = await submitDue(api, { timeoutMs: 1_000 });
    expect(second).toMatchObject({ kind: 'submitted', found: true });
    await platform.idle();
    const outgoing = platform.flows().filter((flow) => flow.flow.flowDirection === 'Out');
    expect(outgoing).toHaveLength(1);
    expect((await read(client, sent.id)).einvoice?.flowId).toBe(outgoing[0]?.flow.flowId);
  });

  it('a worker killed mid-submission leaves a lease that expires; the next attempt searches before sending', async () => {
    const { client, platform } = await connected();
    const sent = await sentInvoice(client);
    // What a killed worker leaves: the row leased and marked uncertain, the flow at the platform.
    await submitDue(api);
    await api.db.orm.em.fork().execute(
      `update einvoice_submissions set submitted_at = null, flow_id = null, uncertain = true,
           lease_until = now() - interval '1 second', next_attempt_at = now() where invoice_id = ?`,
      [sent.id],
    );
    expect(await submitDue(api)).toEqual([{ kind: 'submitted', flowId: expect.any(String), found: true }]);
    await platform.idle();
    expect(platform.flows().filter((flow) => flow.flow.flowDirection === 'Out')).toHaveLength(1);
  });

  it('statuses reach a workspace whose platform sends no webhooks, by polling', async () => {
    const { workspace, client, platform } = await connected({ webhooks: false });
    const sent = await sentInvoice(client);
    await submitDue(api);
    await platform.idle();
    await platform.approve((await read(client, sent.id)).einvoice?.flowId as string);
    expect((await read(client, sent.id)).einvoice?.status).toBe('submitted');
    expect(await pollPlatform(api.db.orm.em.fork(), workspace.workspaceId, testKeyring())).toBeGreaterThan(0);
    expect((await read(client, sent.id)).einvoice?.status).toBe('approved');
    const { data: history } = await client.invoices.einvoiceHistory.query({ id: sent.id });
    expect(history.at(-1)).toMatchObject({ status: 'approved', source: 'platform_poll' });
    // A second poll finds nothing new.
    expect(await pollPlatform(api.db.orm.em.fork(), workspace.workspaceId, testKeyring())).toBe(0);
  });

  it('a forged, tampered or stale webhook is refused with 401 and changes nothing', async () => {
    const { workspace, client, platform, webhookSecret } = await connected({ webhooks: false });
    const sent = await sentInvoice(client);
    await submitDue(api);
    const flow = platform.flows().find((stored) => stored.flow.flowDirection === 'Out')?.flow;
    const body = JSON.stringify({ ...flow, acknowledgement: { status: 'Error', details: [] } });
    const now = Math.floor(Date.now() / 1000);
    const send = (headers: Record<string, string>, text = body) =>
      api.request(platformWebhookPath(workspace.workspaceId), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: text,
      });
    const signed = (timestamp: number, secret = webhookSecret, text = body) => ({
      signature: computeWebhookSignature(secret, String(timestamp), text),
      'signature-timestamp': String(timestamp),
    });
    const before = await databaseFingerprint(api);
    await expectError(await send({}), 401, 'webhook_signature_invalid');
    await expectError(
      await send(signed(now, 'not-the-secret-of-the-platform')),
      401,
      'webhook_signature_invalid',
    );
    await expectError(await send(signed(now), body.replace('Error', 'Ok')), 401, 'webhook_signature_invalid');
    await expectError(await send(signed(now - 3600)), 401, 'webhook_signature_invalid');
    expect(await databaseFingerprint(api)).toEqual(before);
    expect((await read(client, sent.id)).einvoice?.status).toBe('submitted');
    // The genuine one is believed: the platform did not take the document.
    expect((await send(signed(now))).status).toBe(204);
    expect((await read(client, sent.id)).einvoice?.status).toBe('rejected');
  });
});
