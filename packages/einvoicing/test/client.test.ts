import type { LocalPlatform } from '@comptoir/local-platform';
import { sampleCii, sampleFacturX } from '@comptoir/local-platform/samples';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFlowClient,
  type EinvoiceStatus,
  type Flow,
  type FlowClient,
  nextStatus,
  PlatformError,
  parseLifecycleMessage,
  type SentLifecycleStatus,
} from '../src/index.ts';
import { ciiInvoice, clientFor, clientId, clientSecret, sha256, startPlatform } from './support.ts';

const platforms: LocalPlatform[] = [];

async function platform(...args: Parameters<typeof startPlatform>): Promise<LocalPlatform> {
  const local = await startPlatform(...args);
  platforms.push(local);
  return local;
}

afterEach(async () => {
  await Promise.all(platforms.splice(0).map((local) => local.stop()));
});

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('Expected a PlatformError');
}

async function submitCii(client: FlowClient, number: string, trackingId = `trk-${number}`) {
  const file = ciiInvoice(number);
  return client.submitFlow({
    file,
    fileName: `${number}.xml`,
    syntax: 'CII',
    profile: 'CIUS',
    trackingId,
    sha256: sha256(file),
  });
}

/** The lifecycle flows the platform delivered to us about one invoice, read and in order. */
async function lifecycleOf(client: FlowClient, invoiceNumber: string) {
  const { flows } = await client.searchFlows({
    direction: 'In',
    flowTypes: ['CustomerInvoiceLC'],
    limit: 100,
  });
  const messages = [];
  for (const flow of flows) {
    const file = await client.getFlow(flow.flowId, 'Original');
    const message = parseLifecycleMessage(file.content);
    if (message.references[0]?.invoiceNumber === invoiceNumber) messages.push(message.references[0]);
  }
  return messages;
}

describe('submit, get and search', () => {
  it('round-trips a Factur-X flow byte for byte, and finds it by trackingId', async () => {
    const local = await platform();
    const client = clientFor(local);
    const file = await sampleFacturX(sampleCii({ number: 'FX-2026-0001', issueDate: '2026-09-15' }));
    const accepted = await client.submitFlow({
      file,
      fileName: 'FX-2026-0001.pdf',
      syntax: 'Factur-X',
      profile: 'CIUS',
      processingRule: 'B2B',
      trackingId: 'inv_01J9ZQ-FX-0001',
      sha256: sha256(file),
    });
    expect(accepted).toMatchObject({
      trackingId: 'inv_01J9ZQ-FX-0001',
      name: 'FX-2026-0001.pdf',
      flowSyntax: 'Factur-X',
      flowProfile: 'CIUS',
      sha256: sha256(file),
    });
    await local.idle();

    const metadata = await client.getFlow(accepted.flowId);
    expect(metadata).toMatchObject({
      flowId: accepted.flowId,
      flowDirection: 'Out',
      flowType: 'CustomerInvoice',
      processingRuleSource: 'Input',
      acknowledgement: { status: 'Ok' },
    });
    const original = await client.getFlow(accepted.flowId, 'Original');
    expect(original.content).toEqual(file);
    expect(original.contentType).toBe('application/pdf');
    expect(original.fileName).toBe('FX-2026-0001.pdf');

    const found = await client.searchFlows({ trackingId: 'inv_01J9ZQ-FX-0001' });
    expect(found.flows.map((flow) => flow.flowId)).toEqual([accepted.flowId]);
    expect(found.nextCursor).toBeNull();
    expect((await lifecycleOf(client, 'FX-2026-0001')).map((status) => status.status)).toEqual(['deposited']);
  });

  it('pages through every flow with the cursor, each exactly once', async () => {
    const local = await platform();
    const client = clientFor(local);
    for (let index = 1; index <= 5; index++) await submitCii(client, `P-${index}`);
    await local.idle();
    const seen: Flow[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await client.searchFlows({ limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...result.flows);
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    // Five invoices and their five Déposée flows.
    expect(seen.map((flow) => flow.flowId).sort()).toEqual(
      local
        .flows()
        .map((flow) => flow.flow.flowId)
        .sort(),
    );
    expect(new Set(seen.map((flow) => flow.flowId)).size).toBe(10);
  });

  it('answers the healthcheck', async () => {
    const local = await platform();
    await expect(clientFor(local).healthcheck()).resolves.toBeUndefined();
  });
});

describe('authentication', () => {
  it('fetches one OAuth2 token for many calls, concurrent ones included, until shortly before it expires', async () => {
    const local = await platform({ tokenLifetimeSeconds: 600 });
    let now = Date.now();
    const client = clientFor(local, { now: () => now });
    await Promise.all([client.healthcheck(), client.healthcheck(), client.searchFlows({ trackingId: 'x' })]);
    await client.healthcheck();
    expect(local.tokenRequests()).toBe(1);
    now += 569_000;
    await client.healthcheck();
    expect(local.tokenRequests()).toBe(1);
    // 30 s before the expiry, a new one.
    now += 2_000;
    await client.healthcheck();
    expect(local.tokenRequests()).toBe(2);
  });

  it('fetches a new token once when the platform no longer knows the cached one', async () => {
    const local = await platform();
    const client = clientFor(local);
    await client.healthcheck();
    local.revokeTokens();
    await client.healthcheck();
    expect(local.tokenRequests()).toBe(2);
  });

  it('takes a bearer token as given, and says unauthorized when it is refused', async () => {
    const local = await platform();
    const response = await fetch(local.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    const { access_token } = (await response.json()) as { access_token: string };
    const bearer = (token: string) =>
      createFlowClient({ baseUrl: local.url, auth: { kind: 'bearer', token }, timeoutMs: 2_000 });
    await expect(bearer(access_token).healthcheck()).resolves.toBeUndefined();
    const refused = await failure(bearer('not-a-token').searchFlows({ trackingId: 'x' }));
    expect(refused).toMatchObject({ kind: 'unauthorized', status: 401, platformCode: 'INVALID_TOKEN' });
    expect(refused.message).not.toContain('not-a-token');
  });

  it('says unauthorized for wrong client credentials, without the secret anywhere in the error', async () => {
    const local = await platform();
    const wrongSecret = 'wrong-but-still-secret-value';
    const client = clientFor(local, {
      auth: { kind: 'oauth2', tokenUrl: local.tokenUrl, clientId, clientSecret: wrongSecret },
    });
    const error = await failure(client.healthcheck());
    expect(error).toMatchObject({ kind: 'unauthorized', operation: 'fetchToken', status: 401 });
    const everything = `${error.message} ${error.stack} ${JSON.stringify(error)} ${String(error.cause)}`;
    expect(everything).not.toContain(wrongSecret);
    expect(everything).not.toContain(Buffer.from(`${clientId}:${wrongSecret}`).toString('base64'));
  });
});

describe('failures', () => {
  it('says unavailable for a 5xx and a 429, with Retry-After, and nothing was stored', async () => {
    const local = await platform();
    const client = clientFor(local);
    await client.healthcheck();
    local.faults.failNext(1);
    expect(await failure(submitCii(client, 'E-1'))).toMatchObject({ kind: 'unavailable', status: 500 });
    local.faults.failNext(1, { status: 429, retryAfterSeconds: 7 });
    expect(await failure(submitCii(client, 'E-1'))).toMatchObject({
      kind: 'unavailable',
      status: 429,
      platformCode: 'TOO_MANY_REQUESTS',
      retryAfterMs: 7_000,
    });
    expect(local.flows()).toEqual([]);
    const { flowId } = await submitCii(client, 'E-1');
    const submitted = local.flows().filter((flow) => flow.flow.flowDirection === 'Out');
    expect(submitted.map((flow) => flow.flow.flowId)).toEqual([flowId]);
  });

  it('says unavailable when the platform refuses connections, then works once it is back', async () => {
    const local = await platform();
    const client = clientFor(local);
    await client.healthcheck();
    await local.faults.down(1);
    // Time for the client to see its kept-alive connection closed: a request already on its way over
    // it would have an unknown outcome (a timeout), not a refused connection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await failure(submitCii(client, 'D-1'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('ECONNREFUSED');
    await expect
      .poll(
        () =>
          client.healthcheck().then(
            () => 'up',
            () => 'down',
          ),
        { timeout: 5_000 },
      )
      .toBe('up');
    await expect(submitCii(client, 'D-1')).resolves.toMatchObject({ trackingId: 'trk-D-1' });
  });

  it('says timeout when the answer comes too late, and the search by trackingId finds the accepted flow', async () => {
    const local = await platform();
    const client = clientFor(local);
    const impatient = clientFor(local, { timeoutMs: 300 });
    local.faults.delayNextAcceptance(1_500);
    const error = await failure(submitCii(impatient, 'T-1', 'inv_timeout_1'));
    expect(error).toMatchObject({ kind: 'timeout', operation: 'submitFlow' });
    expect(error.message).toContain('may have accepted');
    // What the caller must do before submitting again: the flow is there, no resubmission.
    const { flows } = await client.searchFlows({ trackingId: 'inv_timeout_1' });
    expect(flows).toHaveLength(1);
    expect(flows[0]?.flowDirection).toBe('Out');
    expect(local.flows().filter((flow) => flow.flow.trackingId === 'inv_timeout_1')).toHaveLength(1);
  });

  it('says rejected, with the platform reason, for a 4xx', async () => {
    const local = await platform();
    const client = clientFor(local);
    expect(await failure(client.getFlow('no-such-flow'))).toMatchObject({
      kind: 'rejected',
      status: 404,
      platformCode: 'MISSING_RESOURCE',
      platformMessage: 'Requested resource is Not Found',
    });
    const { flowId } = await submitCii(client, 'R-1');
    await local.idle();
    expect(await failure(client.getFlow(flowId, 'Converted'))).toMatchObject({
      kind: 'rejected',
      status: 404,
    });
  });

  it('learns of a rejection (213) with the failed rule: in the acknowledgement and in the lifecycle', async () => {
    const local = await platform();
    const client = clientFor(local);
    const file = ciiInvoice('BAD-1', { currency: null });
    const { flowId } = await client.submitFlow({
      file,
      fileName: 'BAD-1.xml',
      syntax: 'CII',
      trackingId: 'inv_bad_1',
      sha256: sha256(file),
    });
    await local.idle();
    const metadata = await client.getFlow(flowId);
    expect(metadata.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ level: 'Error', item: 'BR-05', reasonCode: 'REJ_SEMAN' }],
    });
    const [rejection] = await lifecycleOf(client, 'BAD-1');
    expect(rejection).toMatchObject({ status: 'rejected', statusCode: 213, reason: { code: 'REJ_SEMAN' } });
    expect(rejection?.reason?.text).toContain('BR-05');
    expect(nextStatus('submitted', rejection?.status ?? 'submitted')).toBe('rejected');
  });
});

describe('lifecycle statuses', () => {
  it('reads the statuses the buyer sets on our invoice, in any order, to the furthest one', async () => {
    const local = await platform();
    const client = clientFor(local);
    const { flowId } = await submitCii(client, 'L-1');
    await local.idle();
    await local.approve(flowId);
    await local.reportStatus(flowId, {
      code: 207,
      reason: { code: 'TX_TVA_ERR', text: 'Taux de TVA erroné' },
    });
    const statuses = await lifecycleOf(client, 'L-1');
    expect(statuses.map((status) => status.status)).toEqual(['deposited', 'approved', 'disputed']);
    expect(statuses[2]?.reason).toEqual({ code: 'TX_TVA_ERR', text: 'Taux de TVA erroné' });
    const current = statuses.reduce<EinvoiceStatus>(
      (status, report) => nextStatus(status, report.status ?? status),
      'submitted',
    );
    expect(current).toBe('approved');
  });

  it('sends a refusal of a supplier invoice and the cashing of ours, as CDAR flows the platform records', async () => {
    const local = await platform();
    const client = clientFor(local);
    const supplier = await local.injectIncoming({
      file: new TextEncoder().encode(
        sampleCii({
          number: 'SUP-9',
          issueDate: '2026-09-10',
          seller: { name: 'Fournisseur', siren: '100000009' },
          buyer: { name: 'Comptoir Démo', siren: '732829320' },
        }),
      ),
      fileName: 'SUP-9.xml',
      syntax: 'CII',
    });
    const refusal = await client.submitLifecycleStatus({
      status: 'refused',
      trackingId: 'sinv_refuse_9',
      issuedAt: new Date(),
      issuer: { siren: '732829320', name: 'Comptoir Démo', role: 'BY' },
      recipient: { siren: '100000009', name: 'Fournisseur', role: 'SE' },
      invoice: {
        number: 'SUP-9',
        issueDate: '2026-09-10',
        typeCode: '380',
        sellerSiren: '100000009',
        receivedAt: new Date(supplier.submittedAt),
      },
      reason: { code: 'AUTRE', text: 'Commande annulée' },
    });
    const ours = await submitCii(client, 'OWN-1');
    await local.idle();
    const cashing = await client.submitLifecycleStatus({
      status: 'paid',
      trackingId: 'inv_paid_1',
      issuedAt: new Date(),
      issuer: { siren: '732829320', name: 'Comptoir Démo', role: 'SE' },
      recipient: { siren: '552081317', name: 'Client SA', role: 'BY' },
      invoice: {
        number: 'OWN-1',
        issueDate: '2026-09-15',
        typeCode: '380',
        sellerSiren: '732829320',
        receivedAt: new Date(ours.submittedAt),
      },
      payment: { amount: '120.00', currency: 'EUR', date: '2026-10-01' },
    });
    await local.idle();
    expect(await client.getFlow(refusal.flowId)).toMatchObject({
      flowSyntax: 'CDAR',
      flowType: 'SupplierInvoiceLC',
      acknowledgement: { status: 'Ok' },
    });
    expect(await client.getFlow(cashing.flowId)).toMatchObject({ acknowledgement: { status: 'Ok' } });
    expect(local.flow(supplier.flowId)?.statuses.map((status) => [status.code, status.reason])).toEqual([
      [203, null],
      [210, 'Commande annulée'],
    ]);
    expect(local.flow(ours.flowId)?.statuses.map((status) => status.code)).toEqual([200, 212]);
  });

  it('refuses to send a status only a platform sets, and the platform refuses one about an unknown invoice', async () => {
    const local = await platform();
    const client = clientFor(local);
    const base = {
      trackingId: 'x-1',
      issuedAt: new Date(),
      issuer: { siren: '732829320', name: 'Comptoir', role: 'BY' },
      recipient: { siren: '100000009', name: 'F', role: 'SE' },
      invoice: {
        number: 'NOPE',
        issueDate: '2026-09-10',
        typeCode: '380',
        sellerSiren: '100000009',
        receivedAt: new Date(),
      },
    };
    // The type already leaves 213 out; this is for a status that comes from untyped data.
    const rejected = 'rejected' as unknown as SentLifecycleStatus;
    await expect(client.submitLifecycleStatus({ ...base, status: rejected })).rejects.toThrow(/platforms/);
    const { flowId } = await client.submitLifecycleStatus({ ...base, status: 'approved' });
    await local.idle();
    expect((await client.getFlow(flowId)).acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ item: 'NOPE', reasonCode: 'InvoiceLCRuleError' }],
    });
  });
});
