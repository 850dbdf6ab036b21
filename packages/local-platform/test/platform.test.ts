import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlowResource, LocalPlatform } from '../src/index.ts';
import { sampleCii } from '../src/samples.ts';
import {
  credentials,
  platform,
  sha256,
  submitRaw,
  token,
  webhookReceiver,
  webhookSecret,
} from './harness.ts';

const started: LocalPlatform[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

async function start(...args: Parameters<typeof platform>): Promise<LocalPlatform> {
  const local = await platform(...args);
  started.push(local);
  return local;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((local) => local.stop()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const invoice = (number: string) => new TextEncoder().encode(sampleCii({ number, issueDate: '2026-09-15' }));

describe('token endpoint', () => {
  it('issues a bearer token for the right client credentials, in the body or in Basic', async () => {
    const local = await start();
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const viaBasic = await fetch(local.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(viaBasic.status).toBe(200);
    expect(await viaBasic.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(await token(local)).toMatch(/^[\w-]{43}$/);
    expect(local.tokenRequests()).toBe(2);
  });

  it('refuses a wrong secret and another grant', async () => {
    const local = await start();
    const wrong = await fetch(local.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${credentials.clientId}&client_secret=nope`,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client' });
    const grant = await fetch(local.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password',
    });
    expect(grant.status).toBe(400);
  });

  it('guards every Flow Service route, and forgets revoked tokens', async () => {
    const local = await start();
    expect((await fetch(`${local.url}/v1/healthcheck`)).status).toBe(401);
    const bearer = await token(local);
    const ok = await fetch(`${local.url}/v1/healthcheck`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(ok.status).toBe(200);
    local.revokeTokens();
    const revoked = await fetch(`${local.url}/v1/healthcheck`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ errorCode: 'INVALID_TOKEN' });
  });
});

describe('POST /v1/flows', () => {
  it('accepts a flow (202, FullFlowInfo), then deposits it: acknowledgement Ok and a 200 lifecycle flow', async () => {
    const local = await start();
    const bearer = await token(local);
    const file = invoice('F-2026-001');
    const response = await submitRaw(local, bearer, {
      file,
      flowInfo: { trackingId: 'trk-1', name: 'F-2026-001.xml', flowSyntax: 'CII', sha256: sha256(file) },
    });
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as { flowId: string };
    expect(accepted).toMatchObject({ trackingId: 'trk-1', flowSyntax: 'CII', sha256: sha256(file) });
    await local.idle();
    const stored = local.flow(accepted.flowId);
    expect(stored?.flow.acknowledgement).toEqual({ status: 'Ok' });
    expect(stored?.invoice).toMatchObject({ number: 'F-2026-001', issueDate: '2026-09-15', typeCode: '380' });
    expect(stored?.statuses.map((status) => status.code)).toEqual([200]);
    const lifecycle = local.flows().find((flow) => flow.aboutFlowId === accepted.flowId);
    expect(lifecycle?.flow).toMatchObject({
      flowDirection: 'In',
      flowSyntax: 'CDAR',
      flowType: 'CustomerInvoiceLC',
    });
    expect(new TextDecoder().decode(lifecycle?.file)).toContain('<ram:ProcessConditionCode>200<');
  });

  it('answers 400 without flowInfo, or with flowInfo the standard does not allow', async () => {
    const local = await start();
    const bearer = await token(local);
    const file = invoice('F-1');
    const missing = await submitRaw(local, bearer, { file, flowInfo: null });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errorCode: 'MISSING_REQUIRED_FIELD' });
    const badSyntax = await submitRaw(local, bearer, {
      file,
      flowInfo: { name: 'x.xml', flowSyntax: 'PDF' },
    });
    expect(badSyntax.status).toBe(400);
    const tooLong = await submitRaw(local, bearer, {
      file,
      flowInfo: { name: 'x.xml', flowSyntax: 'CII', trackingId: 'x'.repeat(37) },
    });
    expect(tooLong.status).toBe(400);
    expect(local.flows()).toEqual([]);
  });

  it('acknowledges with an error a checksum that does not match, and a trackingId already used', async () => {
    const local = await start();
    const bearer = await token(local);
    const file = invoice('F-2');
    const mismatch = await submitRaw(local, bearer, {
      file,
      flowInfo: { name: 'F-2.xml', flowSyntax: 'CII', trackingId: 'trk-a', sha256: 'a'.repeat(64) },
    });
    const first = await submitRaw(local, bearer, {
      file,
      flowInfo: { name: 'F-2.xml', flowSyntax: 'CII', trackingId: 'trk-b', sha256: sha256(file) },
    });
    const again = await submitRaw(local, bearer, {
      file,
      flowInfo: { name: 'F-2.xml', flowSyntax: 'CII', trackingId: 'trk-b', sha256: sha256(file) },
    });
    await local.idle();
    const ack = async (response: Response) =>
      local.flow(((await response.json()) as { flowId: string }).flowId)?.flow.acknowledgement;
    expect(await ack(mismatch)).toMatchObject({
      status: 'Error',
      details: [{ reasonCode: 'ChecksumMismatch' }],
    });
    expect(await ack(first)).toEqual({ status: 'Ok' });
    expect(await ack(again)).toMatchObject({
      status: 'Error',
      details: [{ reasonCode: 'AlreadyExistingFlow' }],
    });
    // Only the deposited one has a lifecycle: a duplicate must not report on the original's number.
    expect(local.flows().filter((flow) => flow.flow.flowSyntax === 'CDAR')).toHaveLength(1);
  });

  it('rejects (213) a document its validator fails, naming the rule', async () => {
    const local = await start();
    const bearer = await token(local);
    const file = new TextEncoder().encode(
      sampleCii({ number: 'F-3', issueDate: '2026-09-15', currency: null }),
    );
    const response = await submitRaw(local, bearer, {
      file,
      flowInfo: { name: 'F-3.xml', flowSyntax: 'CII' },
    });
    const { flowId } = (await response.json()) as { flowId: string };
    await local.idle();
    expect(local.flow(flowId)?.flow.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ level: 'Error', item: 'BR-05', reasonCode: 'REJ_SEMAN' }],
    });
    expect(local.flow(flowId)?.statuses).toMatchObject([
      { code: 213, reason: expect.stringContaining('BR-05') },
    ]);
  });
});

describe('POST /v1/flows/search and GET /v1/flows/{id}', () => {
  it('needs a criterion, pages strictly after updatedAfter, and serves the file as sent', async () => {
    const local = await start();
    const bearer = await token(local);
    const search = (body: unknown) =>
      fetch(`${local.url}/v1/flows/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await search({ where: {} })).status).toBe(400);
    for (const number of ['A-1', 'A-2', 'A-3']) {
      await submitRaw(local, bearer, {
        file: invoice(number),
        flowInfo: { name: `${number}.xml`, flowSyntax: 'CII' },
      });
    }
    await local.idle();
    const all = (await (await search({ where: { updatedAfter: '1970-01-01T00:00:00Z' } })).json()) as {
      results: FlowResource[];
    };
    // Three invoices and their three Déposée flows, each updated at its own instant.
    expect(all.results).toHaveLength(6);
    const times = all.results.map((flow) => flow.updatedAt);
    expect(new Set(times).size).toBe(6);
    expect([...times].sort()).toEqual(times);
    const page = (await (await search({ limit: 2, where: { updatedAfter: times[1] } })).json()) as {
      results: FlowResource[];
    };
    expect(page.results.map((flow) => flow.updatedAt)).toEqual(times.slice(2, 4));
    const incoming = (await (await search({ where: { flowDirection: ['In'] } })).json()) as {
      results: FlowResource[];
    };
    expect(incoming.results.every((flow) => flow.flowSyntax === 'CDAR')).toBe(true);

    const first = all.results.find((flow) => flow.flowDirection === 'Out');
    const original = await fetch(`${local.url}/v1/flows/${first?.flowId}?docType=Original`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(original.headers.get('content-disposition')).toMatch(/^attachment; filename="A-\d\.xml"/);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(local.flow(first?.flowId ?? '')?.file);
    const missing = await fetch(`${local.url}/v1/flows/nope?docType=Metadata`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorCode: 'MISSING_RESOURCE' });
  });
});

describe('webhooks', () => {
  it('signs each delivery over its timestamp and body, and retries until the receiver accepts it', async () => {
    const receiver = await webhookReceiver([500, 503]);
    cleanups.push(receiver.close);
    const local = await start({ webhookUrl: receiver.url });
    const incoming = await local.injectIncoming({
      file: invoice('S-1'),
      fileName: 'S-1.xml',
      syntax: 'CII',
    });
    await local.idle();
    expect(receiver.received).toHaveLength(3);
    expect(local.webhookDeliveries().map((delivery) => delivery.status)).toEqual([500, 503, 200]);
    for (const { headers, body } of receiver.received) {
      const timestamp = String(headers['signature-timestamp']);
      const expected = createHmac('sha256', webhookSecret).update(`${timestamp}.${body}`).digest('base64');
      expect(headers.signature).toBe(expected);
      expect(JSON.parse(body)).toMatchObject({ flowId: incoming.flowId, flowType: 'SupplierInvoice' });
    }
  });

  it('gives up after the last retry, and sends each delivery twice when asked', async () => {
    const receiver = await webhookReceiver([500, 500, 500]);
    cleanups.push(receiver.close);
    const local = await start({ webhookUrl: receiver.url });
    await local.injectIncoming({ file: invoice('S-2'), fileName: 'S-2.xml', syntax: 'CII' });
    await local.idle();
    expect(receiver.received).toHaveLength(3);
    local.faults.duplicateWebhooks(true);
    await local.injectIncoming({ file: invoice('S-3'), fileName: 'S-3.xml', syntax: 'CII' });
    await local.idle();
    const bodies = receiver.received.slice(3).map((delivery) => delivery.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toBe(bodies[1]);
  });
});

describe('faults', () => {
  it('refuses connections while down, then listens again on the same port', async () => {
    const local = await start();
    await local.faults.down(1);
    await expect(fetch(`${local.url}/v1/healthcheck`)).rejects.toThrow();
    const status = () =>
      fetch(`${local.url}/v1/healthcheck`).then(
        (response) => response.status,
        () => 0,
      );
    await expect.poll(status, { timeout: 5_000, interval: 100 }).toBe(401);
  });

  it('answers the next requests with the status asked for, Retry-After included', async () => {
    const local = await start();
    const bearer = await token(local);
    local.faults.failNext(2, { status: 429, retryAfterSeconds: 7 });
    const headers = { authorization: `Bearer ${bearer}` };
    const first = await fetch(`${local.url}/v1/healthcheck`, { headers });
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await fetch(`${local.url}/v1/healthcheck`, { headers })).status).toBe(429);
    expect((await fetch(`${local.url}/v1/healthcheck`, { headers })).status).toBe(200);
  });
});

describe('a directory', () => {
  it('keeps the flows across restarts, and later updates stay after them', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'local-platform-'));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const first = await platform({ directory });
    const bearer = await token(first);
    const response = await submitRaw(first, bearer, {
      file: invoice('D-1'),
      flowInfo: { name: 'D-1.xml', flowSyntax: 'CII', trackingId: 'trk-d' },
    });
    const { flowId } = (await response.json()) as { flowId: string };
    await first.idle();
    await first.stop();
    const second = await start({ directory });
    const kept = second.flow(flowId);
    expect(kept?.flow.trackingId).toBe('trk-d');
    expect(kept?.file).toEqual(invoice('D-1'));
    const approval = await second.approve(flowId);
    expect(approval.updatedAt > (second.flows().at(-2)?.flow.updatedAt ?? '')).toBe(true);
  });
});

describe('HTTP controls', () => {
  it('inject a supplier invoice, report its statuses and list the flows, for the development UI', async () => {
    const local = await start();
    const origin = new URL(local.url).origin;
    const injected = await fetch(`${origin}/_control/incoming?syntax=CII&fileName=S-9.xml`, {
      method: 'POST',
      body: invoice('S-9'),
    });
    expect(injected.status).toBe(201);
    const { flowId } = (await injected.json()) as FlowResource;
    const report = (body: string) =>
      fetch(`${origin}/_control/flows/${flowId}/status`, { method: 'POST', body });
    expect(
      (await report(JSON.stringify({ code: 212, payment: { amount: '120.00', currency: 'EUR' } }))).status,
    ).toBe(201);
    expect(await (await report(JSON.stringify({ code: 299 }))).json()).toMatchObject({
      errorCode: 'UNKNOWN_STATUS',
    });
    expect((await report('not json')).status).toBe(400);
    const listed = (await (await fetch(`${origin}/_control/flows`)).json()) as {
      flow: FlowResource;
      statuses: { code: number }[];
    }[];
    expect(listed.map(({ flow }) => [flow.flowDirection, flow.flowType])).toEqual([
      ['In', 'SupplierInvoice'],
      ['In', 'SupplierInvoiceLC'],
    ]);
    expect(listed[0]?.statuses.map((status) => status.code)).toEqual([203, 212]);
  });
});
