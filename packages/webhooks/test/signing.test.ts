import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSecret, signPayload, webhookHeaders } from '../src/index.ts';

const now = () => Math.floor(Date.now() / 1000);
const body = JSON.stringify({ type: 'invoice.paid', data: { id: 'inv_1', note: 'café ☕' } });

describe('generateSecret', () => {
  it('produces whsec_ + base64 of 32 random bytes', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });

  it('never repeats', () => {
    const secrets = new Set(Array.from({ length: 100 }, generateSecret));
    expect(secrets.size).toBe(100);
  });
});

describe('signPayload', () => {
  it('matches the reference implementation byte for byte', () => {
    const secret = generateSecret();
    const timestamp = now();
    expect(signPayload({ id: 'msg_1', timestamp, body, secrets: [secret] })).toBe(
      new Webhook(secret).sign('msg_1', new Date(timestamp * 1000), body),
    );
  });

  it('matches the published Standard Webhooks test vector', () => {
    // From the specification's reference libraries.
    expect(
      signPayload({
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
        secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('emits one space-separated v1 signature per secret, in order', () => {
    const [oldSecret, newSecret] = [generateSecret(), generateSecret()];
    const message = { id: 'msg_1', timestamp: now(), body };
    const both = signPayload({ ...message, secrets: [oldSecret, newSecret] });
    expect(both.split(' ')).toEqual([
      signPayload({ ...message, secrets: [oldSecret] }),
      signPayload({ ...message, secrets: [newSecret] }),
    ]);
  });

  it('refuses to sign without a secret, with an empty secret or with a fractional timestamp', () => {
    expect(() => signPayload({ id: 'msg_1', timestamp: now(), body, secrets: [] })).toThrow(/secret/);
    expect(() => signPayload({ id: 'msg_1', timestamp: now(), body, secrets: ['whsec_'] })).toThrow(/empty/);
    expect(() => signPayload({ id: 'msg_1', timestamp: 1.5, body, secrets: [generateSecret()] })).toThrow(
      /whole unix seconds/,
    );
  });
});

describe('webhookHeaders verified by the standardwebhooks library', () => {
  it('verifies with a single secret', () => {
    const secret = generateSecret();
    const headers = webhookHeaders({ id: 'msg_1', timestamp: now(), body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('carries the content type, user agent, id and timestamp', () => {
    const timestamp = now();
    expect(webhookHeaders({ id: 'msg_1', timestamp, body, secrets: [generateSecret()] })).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      'content-type': 'application/json',
      'user-agent': 'Comptoir-Webhooks/1.0',
    });
  });

  it('verifies with either secret alone during a rotation', () => {
    const [oldSecret, newSecret] = [generateSecret(), generateSecret()];
    const headers = webhookHeaders({ id: 'msg_1', timestamp: now(), body, secrets: [oldSecret, newSecret] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(newSecret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails for a tampered body, id or timestamp', () => {
    const secret = generateSecret();
    const headers = webhookHeaders({ id: 'msg_1', timestamp: now(), body, secrets: [secret] });
    const receiver = new Webhook(secret);
    expect(() => receiver.verify(body.replace('inv_1', 'inv_2'), headers)).toThrow(WebhookVerificationError);
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      receiver.verify(body, {
        ...headers,
        'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1),
      }),
    ).toThrow(WebhookVerificationError);
  });

  it('fails for a wrong secret, including one that was rotated out', () => {
    const [secret, otherSecret] = [generateSecret(), generateSecret()];
    const headers = webhookHeaders({ id: 'msg_1', timestamp: now(), body, secrets: [secret] });
    expect(() => new Webhook(otherSecret).verify(body, headers)).toThrow(WebhookVerificationError);
  });
});
