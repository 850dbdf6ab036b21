import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configReference,
  readApiConfig,
  readEncryptionConfig,
  readOptionalEncryptionConfig,
  readWorkerConfig,
} from '../src/index.ts';

const key = Buffer.alloc(32, 1);
const env = {
  DATABASE_URL: 'postgres://u@db:5432/comptoir',
  REDIS_URL: 'redis://cache:6379',
  ENCRYPTION_KEY: key.toString('base64'),
};

describe('configuration', () => {
  it('applies the documented defaults', () => {
    expect(readApiConfig(env)).toEqual({
      database: { url: env.DATABASE_URL },
      redis: { url: env.REDIS_URL },
      logging: { level: 'info' },
      http: { host: '127.0.0.1', port: 3000, publicBaseUrl: 'http://127.0.0.1:3000' },
      rateLimit: { perMinute: 600 },
      webhooks: { allowPrivateTargets: false },
      admin: { token: undefined },
      encryption: { current: key, previous: [] },
      auth: { secret: expect.stringMatching(/^[\w-]{43}$/), trustedOrigins: [], signInPerMinute: 5 },
      mail: { smtpUrl: undefined, from: 'Comptoir <no-reply@comptoir.invalid>' },
    });
    expect(readWorkerConfig(env).http).toEqual({ host: '127.0.0.1', port: 3001 });
  });

  it('derives the session secret from ENCRYPTION_KEY unless AUTH_SECRET is set', () => {
    const derived = readApiConfig(env).auth.secret;
    expect(readApiConfig(env).auth.secret).toBe(derived);
    expect(derived).not.toContain(env.ENCRYPTION_KEY);
    const other = readApiConfig({ ...env, ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64') });
    expect(other.auth.secret).not.toBe(derived);
    const secret = 'x'.repeat(40);
    expect(readApiConfig({ ...env, AUTH_SECRET: secret }).auth.secret).toBe(secret);
    expect(() => readApiConfig({ ...env, AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32/);
  });

  it('reads the trusted origins, the sign-in limit and the SMTP settings', () => {
    const config = readApiConfig({
      ...env,
      TRUSTED_ORIGINS: 'http://127.0.0.1:5173/, https://app.example.test',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '10',
      SMTP_URL: 'smtps://user:pass@mail.example.test:465',
      SMTP_FROM: 'Boutique <factures@example.test>',
    });
    expect(config.auth.trustedOrigins).toEqual(['http://127.0.0.1:5173', 'https://app.example.test']);
    expect(config.auth.signInPerMinute).toBe(10);
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.test:465',
      from: 'Boutique <factures@example.test>',
    });
    expect(() => readApiConfig({ ...env, TRUSTED_ORIGINS: 'ftp://x' })).toThrow(/TRUSTED_ORIGINS/);
    expect(() => readApiConfig({ ...env, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('reads every variable it documents', () => {
    const config = readApiConfig({
      ...env,
      HOST: '0.0.0.0',
      PORT: '8080',
      LOG_LEVEL: 'debug',
      RATE_LIMIT_PER_MINUTE: '42',
      PUBLIC_BASE_URL: 'https://api.example.test',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ADMIN_TOKEN: 'a-long-enough-admin-token',
    });
    expect(config.webhooks).toEqual({ allowPrivateTargets: true });
    expect(config.admin).toEqual({ token: 'a-long-enough-admin-token' });
    expect(readApiConfig({ ...env, ADMIN_TOKEN: '' }).admin.token).toBeUndefined();
    expect(config.http).toEqual({ host: '0.0.0.0', port: 8080, publicBaseUrl: 'https://api.example.test' });
    expect(config.logging.level).toBe('debug');
    expect(config.rateLimit.perMinute).toBe(42);
  });

  it.each([
    [{ ...env, DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ REDIS_URL: env.REDIS_URL }, /DATABASE_URL/],
    [{ ...env, REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ ...env, PORT: 'eighty' }, /PORT/],
    [{ ...env, RATE_LIMIT_PER_MINUTE: '0' }, /RATE_LIMIT_PER_MINUTE/],
    [{ ...env, LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ ...env, ADMIN_TOKEN: 'short' }, /ADMIN_TOKEN must be at least 16 characters/],
    [{ ...env, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'yes' }, /WEBHOOK_ALLOW_PRIVATE_TARGETS/],
  ])('refuses invalid values with a message naming the variable (%#)', (values, message) => {
    expect(() => readApiConfig(values)).toThrow(ConfigError);
    expect(() => readApiConfig(values)).toThrow(message);
  });

  it('requires ENCRYPTION_KEY in the API and the worker: 32 bytes in base64, refused by name, never echoed', () => {
    const { ENCRYPTION_KEY: _, ...withoutKey } = env;
    for (const read of [readApiConfig, readWorkerConfig]) {
      expect(read(env).encryption).toEqual({ current: key, previous: [] });
      expect(() => read(withoutKey)).toThrow(/ENCRYPTION_KEY is required/);
      expect(() => read({ ...env, ENCRYPTION_KEY: '' })).toThrow(/ENCRYPTION_KEY is required/);
    }
    const malformed = [
      Buffer.alloc(31, 2).toString('base64'),
      Buffer.alloc(33, 2).toString('base64'),
      Buffer.alloc(32, 2).toString('base64url'),
      Buffer.alloc(32, 2).toString('hex'),
      `${Buffer.alloc(32, 2).toString('base64')} `,
      'correct horse battery staple correct horse!',
    ];
    for (const value of malformed) {
      const attempt = () => readApiConfig({ ...env, ENCRYPTION_KEY: value });
      expect(attempt, value).toThrow(ConfigError);
      expect(attempt, value).toThrow(/ENCRYPTION_KEY must be 32 random bytes in standard base64/);
      expect(() => attempt()).not.toThrow(value.trim());
    }
  });

  it('reads ENCRYPTION_KEY_PREVIOUS as a comma-separated list of earlier keys', () => {
    const older = [Buffer.alloc(32, 3), Buffer.alloc(32, 4)];
    const list = older.map((bytes) => bytes.toString('base64')).join(', ');
    expect(readEncryptionConfig({ ...env, ENCRYPTION_KEY_PREVIOUS: list })).toEqual({
      current: key,
      previous: older,
    });
    expect(readEncryptionConfig({ ...env, ENCRYPTION_KEY_PREVIOUS: '' }).previous).toEqual([]);
    const bad = `${list},${Buffer.alloc(16).toString('base64')}`;
    expect(() => readEncryptionConfig({ ...env, ENCRYPTION_KEY_PREVIOUS: bad })).toThrow(
      /ENCRYPTION_KEY_PREVIOUS: key 3 of 3 must be 32 random bytes/,
    );
  });

  it('reads the keys only when given for commands that need them only sometimes (migrate)', () => {
    expect(readOptionalEncryptionConfig({})).toBeUndefined();
    expect(readOptionalEncryptionConfig({ ENCRYPTION_KEY: '' })).toBeUndefined();
    expect(readOptionalEncryptionConfig(env)).toEqual({ current: key, previous: [] });
    expect(() => readOptionalEncryptionConfig({ ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY must be/);
    expect(() => readOptionalEncryptionConfig({ ENCRYPTION_KEY_PREVIOUS: env.ENCRYPTION_KEY })).toThrow(
      /ENCRYPTION_KEY is required/,
    );
  });

  it('reads LIFECYCLE_SWEEP_INTERVAL as a duration, one minute by default', () => {
    expect(readWorkerConfig(env).lifecycle).toEqual({ sweepIntervalMs: 60_000 });
    const read = (value: string) => readWorkerConfig({ ...env, LIFECYCLE_SWEEP_INTERVAL: value });
    expect(read('1s').lifecycle.sweepIntervalMs).toBe(1_000);
    expect(read('250ms').lifecycle.sweepIntervalMs).toBe(250);
    expect(read('30s').lifecycle.sweepIntervalMs).toBe(30_000);
    expect(read('2m').lifecycle.sweepIntervalMs).toBe(120_000);
    expect(read('1h').lifecycle.sweepIntervalMs).toBe(3_600_000);
    for (const bad of ['0s', '-1s', '1', 'soon', '1.5s', '1w', '30d']) {
      expect(() => read(bad)).toThrow(/LIFECYCLE_SWEEP_INTERVAL/);
    }
  });

  it('the README documents every variable, and only those', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)`\s*\|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(configReference.map((entry) => entry.name).sort());
  });
});
