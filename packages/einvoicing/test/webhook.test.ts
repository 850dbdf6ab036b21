import type { LocalPlatform } from '@comptoir/local-platform';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeWebhookSignature,
  type Flow,
  nextStatus,
  verifyPlatformWebhook,
  type WebhookRefusal,
  WebhookVerificationError,
} from '../src/index.ts';
import {
  ciiInvoice,
  clientFor,
  type Received,
  sha256,
  startPlatform,
  webhookEndpoint,
  webhookSecret,
} from './support.ts';

function refusal(run: () => unknown): WebhookRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  throw new Error('Expected the webhook to be refused');
}

describe('webhooks the local platform sends', () => {
  let local: LocalPlatform;
  let endpoint: Awaited<ReturnType<typeof webhookEndpoint>>;
  let flowId: string;

  beforeAll(async () => {
    endpoint = await webhookEndpoint();
    local = await startPlatform({ webhookUrl: endpoint.url });
    const client = clientFor(local);
    const file = ciiInvoice('W-1');
    ({ flowId } = await client.submitFlow({
      file,
      fileName: 'W-1.xml',
      syntax: 'CII',
      trackingId: 'inv_webhook_1',
      sha256: sha256(file),
    }));
    await local.idle();
    local.faults.duplicateWebhooks(true);
    await local.approve(flowId);
    await local.idle();
  });

  afterAll(async () => {
    await local.stop();
    await endpoint.close();
  });

  const genuine = (): Received => {
    const first = endpoint.received[0];
    if (!first) throw new Error('No webhook received');
    return first;
  };

  it('are accepted when genuine: our flow acknowledged, then its lifecycle flows', () => {
    const flows = endpoint.received.map(({ body, headers }) =>
      verifyPlatformWebhook({ body, headers, secret: webhookSecret }),
    );
    expect(flows[0]).toMatchObject({ flowId, flowDirection: 'Out', acknowledgement: { status: 'Ok' } });
    expect(flows.slice(1).map((flow) => [flow.flowDirection, flow.flowType])).toEqual([
      ['In', 'CustomerInvoiceLC'],
      ['In', 'CustomerInvoiceLC'],
      ['In', 'CustomerInvoiceLC'],
    ]);
  });

  it('arrive twice under the duplicate fault, and the second changes nothing', () => {
    const [, , approval, again] = endpoint.received;
    expect(again?.body).toBe(approval?.body);
    const verify = (delivery: Received | undefined): Flow =>
      verifyPlatformWebhook({
        body: delivery?.body ?? '',
        headers: delivery?.headers ?? {},
        secret: webhookSecret,
      });
    expect(verify(again)).toEqual(verify(approval));
    // What the receiver derives from either (the status it reads) is applied twice to the same effect.
    expect(nextStatus(nextStatus('deposited', 'approved'), 'approved')).toBe('approved');
  });

  it('are refused when signed with another secret', () => {
    const { body, headers } = genuine();
    expect(refusal(() => verifyPlatformWebhook({ body, headers, secret: 'another-secret' }))).toBe(
      'signature_mismatch',
    );
    const forged = computeWebhookSignature('attacker-secret', String(headers['signature-timestamp']), body);
    expect(
      refusal(() =>
        verifyPlatformWebhook({ body, headers: { ...headers, signature: forged }, secret: webhookSecret }),
      ),
    ).toBe('signature_mismatch');
  });

  it('are refused when the body was changed', () => {
    const { body, headers } = genuine();
    const tampered = body.replace('"Ok"', '"Error"');
    expect(tampered).not.toBe(body);
    expect(refusal(() => verifyPlatformWebhook({ body: tampered, headers, secret: webhookSecret }))).toBe(
      'signature_mismatch',
    );
  });

  it('are refused when replayed more than 5 minutes later, or dated in the future', () => {
    const { body, headers } = genuine();
    const sentAt = Number(headers['signature-timestamp']) * 1000;
    expect(() =>
      verifyPlatformWebhook({ body, headers, secret: webhookSecret, now: sentAt + 299_000 }),
    ).not.toThrow();
    expect(
      refusal(() => verifyPlatformWebhook({ body, headers, secret: webhookSecret, now: sentAt + 301_000 })),
    ).toBe('timestamp_out_of_tolerance');
    expect(
      refusal(() => verifyPlatformWebhook({ body, headers, secret: webhookSecret, now: sentAt - 301_000 })),
    ).toBe('timestamp_out_of_tolerance');
    // Moving the timestamp forward breaks the signature, since the timestamp is signed.
    const moved = { ...headers, 'signature-timestamp': String(sentAt / 1000 + 400) };
    expect(
      refusal(() =>
        verifyPlatformWebhook({ body, headers: moved, secret: webhookSecret, now: sentAt + 400_000 }),
      ),
    ).toBe('signature_mismatch');
  });

  it('are refused without a signature or timestamp, or with a timestamp that is not a number', () => {
    const { body, headers } = genuine();
    const { signature: _signature, ...unsigned } = headers;
    expect(refusal(() => verifyPlatformWebhook({ body, headers: unsigned, secret: webhookSecret }))).toBe(
      'missing_signature',
    );
    expect(
      refusal(() =>
        verifyPlatformWebhook({
          body,
          headers: { ...headers, 'signature-timestamp': '1e9' },
          secret: webhookSecret,
        }),
      ),
    ).toBe('invalid_timestamp');
  });
});

describe('verifyPlatformWebhook', () => {
  const flow = {
    flowId: 'f-1',
    submittedAt: '2026-09-15T10:00:00.000Z',
    updatedAt: '2026-09-15T10:00:01.000Z',
    name: 'F-1.xml',
    flowSyntax: 'CII',
    flowType: 'CustomerInvoice',
    flowDirection: 'Out',
    acknowledgement: { status: 'Ok' },
  };
  const now = Date.parse('2026-09-15T10:00:02Z');
  const timestamp = String(Math.floor(now / 1000));
  const signed = (body: string, secret = 's3cret') => ({
    signature: computeWebhookSignature(secret, timestamp, body),
    'signature-timestamp': timestamp,
  });

  test.prop([fc.string({ minLength: 1, maxLength: 40 }), fc.nat(), fc.integer({ min: 1, max: 255 })])(
    'any change of one byte of the body is refused',
    (secret, position, delta) => {
      const body = JSON.stringify(flow);
      const bytes = new TextEncoder().encode(body);
      const index = position % bytes.length;
      const changed = bytes.slice();
      changed[index] = ((changed[index] ?? 0) + delta) % 256;
      expect(verifyPlatformWebhook({ body: bytes, headers: signed(body, secret), secret, now })).toEqual(
        flow,
      );
      expect(
        refusal(() => verifyPlatformWebhook({ body: changed, headers: signed(body, secret), secret, now })),
      ).toBe('signature_mismatch');
    },
  );

  it('takes the headers as a Headers object too', () => {
    const body = JSON.stringify(flow);
    const headers = new Headers(signed(body));
    expect(verifyPlatformWebhook({ body, headers, secret: 's3cret', now }).flowId).toBe('f-1');
  });

  it('refuses a genuine signature over something that is not a Flow', () => {
    const notAFlow = JSON.stringify({ hello: 'world' });
    expect(
      refusal(() =>
        verifyPlatformWebhook({ body: notAFlow, headers: signed(notAFlow), secret: 's3cret', now }),
      ),
    ).toBe('invalid_payload');
    expect(
      refusal(() =>
        verifyPlatformWebhook({ body: 'not json', headers: signed('not json'), secret: 's3cret', now }),
      ),
    ).toBe('invalid_payload');
  });
});
