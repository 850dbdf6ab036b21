import { hkdfSync } from 'node:crypto';
import { z } from 'zod';

/**
 * Every environment variable Comptoir reads, in one place. The README's configuration
 * table is checked against this list by a test, so the two cannot drift apart.
 */
export const configReference = [
  {
    name: 'DATABASE_URL',
    default: '(embedded PostgreSQL under .data/ for `./run start`)',
    description: 'PostgreSQL connection string.',
  },
  {
    name: 'REDIS_URL',
    default: '(redis://127.0.0.1:6379 if it answers, else a local redis-server)',
    description: 'Redis connection string (rate limits, queues).',
  },
  { name: 'HOST', default: '127.0.0.1', description: 'Interface the API listens on.' },
  { name: 'PORT', default: '3000', description: 'Port the API listens on.' },
  { name: 'WORKER_PORT', default: '3001', description: 'Port of the worker’s /healthz and /metrics.' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    default: '600',
    description: 'Requests per minute per API key, unless the key has its own limit.',
  },
  {
    name: 'WEBHOOK_RETRY_SCHEDULE',
    default: '5s,5m,30m,2h,5h,10h,14h,20h,24h',
    description: 'Delays between webhook delivery attempts (±10 % jitter); then the delivery fails.',
  },
  {
    name: 'WEBHOOK_ALLOW_PRIVATE_TARGETS',
    default: 'false',
    description:
      'true lets webhook endpoints use http:// and private addresses (development only; `./run start` sets it on 127.0.0.1).',
  },
  {
    name: 'LIFECYCLE_SWEEP_INTERVAL',
    default: '1m',
    description:
      'How often the worker moves due invoices to OVERDUE and quotes past their validity to EXPIRED (a duration: 500ms, 30s, 1m, 1h).',
  },
  {
    name: 'EINVOICING_POLL_INTERVAL',
    default: '1m',
    description:
      'How often the worker asks each connected e-invoicing platform for the flows it changed (the safety net under its webhooks).',
  },
  {
    name: 'ADMIN_TOKEN',
    default: '(unset: /admin/queues is off; `./run start` makes one)',
    description:
      'Opens the queue dashboard at /admin/queues to `Authorization: Bearer <token>` or Basic auth with it as password.',
  },
  {
    name: 'ENCRYPTION_KEY',
    default:
      '(required by the API, the worker, `migrate` and `webhook add`; `./run start` and the tests make one)',
    description:
      '32 random bytes in standard base64 (`openssl rand -base64 32`): encrypts secrets at rest (AES-256-GCM). Keep it as long as the data.',
  },
  {
    name: 'ENCRYPTION_KEY_PREVIOUS',
    default: '(none)',
    description:
      'Earlier keys, comma-separated, same format: they still decrypt what they encrypted after ENCRYPTION_KEY changes.',
  },
  {
    name: 'AUTH_SECRET',
    default: '(derived from ENCRYPTION_KEY; `./run start` makes one, kept in .data/auth-secret)',
    description:
      'At least 32 characters: signs the session cookies of people signed in to the app. Changing it signs everyone out.',
  },
  {
    name: 'TRUSTED_ORIGINS',
    default: '(none: only PUBLIC_BASE_URL’s origin)',
    description:
      'Other origins, comma-separated, whose requests with a session cookie may change things (the app’s dev server, for example http://127.0.0.1:5173).',
  },
  {
    name: 'SIGN_IN_RATE_LIMIT_PER_MINUTE',
    default: '5',
    description:
      'Sign-in attempts (and password reset requests) per minute, counted per e-mail address and per client address; over it: 429 with Retry-After.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: password reset links are logged, not sent)',
    description:
      'smtp:// or smtps:// URL (credentials included) through which password reset links are e-mailed.',
  },
  {
    name: 'SMTP_FROM',
    default: 'Comptoir <no-reply@comptoir.invalid>',
    description: 'The From of the e-mails sent through SMTP_URL.',
  },
  {
    name: 'PUBLIC_BASE_URL',
    default: 'http://HOST:PORT',
    description:
      'Base URL printed in the OpenAPI document and the start banner, and the root of the webhook URL `einvoicing connect` gives for the platform.',
  },
  {
    name: 'CHROMIUM_PATH',
    default: '(the Chromium of the @sparticuz/chromium package)',
    description:
      'Tests only: a Chromium already on the machine for the app’s browser tests to drive instead.',
  },
  {
    name: 'DEV_POSTGRES_DIR',
    default: '.data/postgres',
    description: 'Data folder of the embedded PostgreSQL that `./run start` runs when DATABASE_URL is unset.',
  },
  { name: 'DEV_POSTGRES_PORT', default: '54329', description: 'Port of that embedded PostgreSQL.' },
  {
    name: 'DEV_REDIS_PORT',
    default: '(6379 if it answers, else 6390)',
    description:
      'Port on 127.0.0.1 where `./run start` uses Redis when REDIS_URL is unset: the one answering there, else a redis-server it starts.',
  },
  {
    name: 'DEV_PLATFORM_PORT',
    default: '3002',
    description:
      'Port on 127.0.0.1 of the local e-invoicing platform that `./run start` runs and connects the demo workspace to.',
  },
] as const;

export type ConfigName = (typeof configReference)[number]['name'];
type Env = Record<string, string | undefined>;

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const port = z.coerce.number().int().min(0).max(65535);

export const databaseConfigSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }),
});
export const redisConfigSchema = z.object({
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// URL' }),
});
export const httpConfigSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
});
export const webhookTargetsConfigSchema = z.object({
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.stringbool({ truthy: ['true'], falsy: ['false'] }).default(false),
});
const millisecondsPerUnit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** One positive duration, a whole number and a unit (`500ms`, `30s`, `1m`, `2h`, `1d`), in milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(/^[1-9]\d*(ms|s|m|h|d)$/, 'must be a positive whole number followed by ms, s, m, h or d')
  .transform((text) => {
    const unit = /(ms|s|m|h|d)$/.exec(text)?.[1] as keyof typeof millisecondsPerUnit;
    return Number.parseInt(text, 10) * millisecondsPerUnit[unit];
  })
  .refine((milliseconds) => milliseconds <= 2_147_483_647, 'must be at most 24 days (a timer’s limit)');

export const workerConfigSchema = z.object({
  WORKER_PORT: port.default(3001),
  WEBHOOK_RETRY_SCHEDULE: z.string().min(1).default('5s,5m,30m,2h,5h,10h,14h,20h,24h'),
  LIFECYCLE_SWEEP_INTERVAL: duration
    .default(60_000)
    .describe('How often the worker runs the scheduled transitions (OVERDUE invoices, EXPIRED quotes).'),
  EINVOICING_POLL_INTERVAL: duration
    .default(60_000)
    .describe('How often the worker polls each connected e-invoicing platform.'),
});
export const adminConfigSchema = z.object({
  ADMIN_TOKEN: z
    .string()
    .min(16, 'ADMIN_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
/** The services `./run start` runs itself (packages/local-services), for two checkouts side by side or a test. */
export const devServicesConfigSchema = z.object({
  DEV_POSTGRES_DIR: z.string().min(1).optional(),
  DEV_POSTGRES_PORT: port.default(54329),
  DEV_REDIS_PORT: port.optional(),
  DEV_PLATFORM_PORT: port.default(3002),
});
/** 32 bytes in standard base64 with its padding, as `openssl rand -base64 32` prints them: 44 characters. */
const base64Key = /^[A-Za-z0-9+/]{43}=$/;
const keyFormat = '32 random bytes in standard base64, 44 characters (`openssl rand -base64 32`)';

/** Secrets at rest: the key that encrypts (and decrypts), and earlier ones that still decrypt. */
export const encryptionConfigSchema = z.object({
  ENCRYPTION_KEY: z
    .string({ error: `ENCRYPTION_KEY is required: ${keyFormat}` })
    .regex(base64Key, `ENCRYPTION_KEY must be ${keyFormat}`),
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .optional()
    .transform((list, context) => {
      const keys = (list ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== '');
      keys.forEach((key, position) => {
        if (!base64Key.test(key)) {
          context.addIssue({
            code: 'custom',
            message: `ENCRYPTION_KEY_PREVIOUS: key ${position + 1} of ${keys.length} must be ${keyFormat}`,
          });
        }
      });
      return keys;
    }),
});
/** People signing in to the app (issue 33): the cookie's secret, the origins trusted with it, the sign-in limit. */
export const authConfigSchema = z.object({
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((list, context) => {
      const origins: string[] = [];
      for (const entry of (list ?? '').split(',').map((value) => value.trim())) {
        if (entry === '') continue;
        const parsed = URL.canParse(entry) ? new URL(entry) : undefined;
        if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
          context.addIssue({ code: 'custom', message: `TRUSTED_ORIGINS: ${entry} is not an http(s) origin` });
        } else origins.push(parsed.origin);
      }
      return origins;
    }),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
});
export const mailConfigSchema = z.object({
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z.string().min(3).default('Comptoir <no-reply@comptoir.invalid>'),
});
export const loggingConfigSchema = z.object({ LOG_LEVEL: logLevel.default('info') });
export const rateLimitConfigSchema = z.object({
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parse<T extends z.ZodType>(schema: T, env: Env): z.output<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}

export interface DatabaseConfig {
  url: string;
}
export interface RedisConfig {
  url: string;
}
export interface LoggingConfig {
  level: z.output<typeof logLevel>;
}

export function readDatabaseConfig(env: Env = process.env): DatabaseConfig {
  return { url: parse(databaseConfigSchema, env).DATABASE_URL };
}
export function readRedisConfig(env: Env = process.env): RedisConfig {
  return { url: parse(redisConfigSchema, env).REDIS_URL };
}
export function readLoggingConfig(env: Env = process.env): LoggingConfig {
  return { level: parse(loggingConfigSchema, env).LOG_LEVEL };
}

/** The keys as bytes, as @comptoir/secrets' createKeyring takes them. Never logged. */
export interface EncryptionConfig {
  /** ENCRYPTION_KEY: encrypts, and decrypts. */
  current: Buffer;
  /** ENCRYPTION_KEY_PREVIOUS: decrypt only. */
  previous: Buffer[];
}

/**
 * ENCRYPTION_KEY (required) and ENCRYPTION_KEY_PREVIOUS. A malformed or missing key is a
 * ConfigError naming the variable, never showing its value.
 */
export function readEncryptionConfig(env: Env = process.env): EncryptionConfig {
  // An empty value means unset: a missing key is reported as missing.
  const given = Object.fromEntries(
    Object.keys(encryptionConfigSchema.shape).map((name) => [name, readOptional(name as ConfigName, env)]),
  );
  const parsed = parse(encryptionConfigSchema, given);
  return {
    current: Buffer.from(parsed.ENCRYPTION_KEY, 'base64'),
    previous: parsed.ENCRYPTION_KEY_PREVIOUS.map((key) => Buffer.from(key, 'base64')),
  };
}

/** The keys when ENCRYPTION_KEY is set (malformed: a ConfigError); undefined when it is not. */
export function readOptionalEncryptionConfig(env: Env = process.env): EncryptionConfig | undefined {
  return readOptional('ENCRYPTION_KEY', env) === undefined &&
    readOptional('ENCRYPTION_KEY_PREVIOUS', env) === undefined
    ? undefined
    : readEncryptionConfig(env);
}

export interface WebhookTargetsConfig {
  allowPrivateTargets: boolean;
}
export function readWebhookTargetsConfig(env: Env = process.env): WebhookTargetsConfig {
  return { allowPrivateTargets: parse(webhookTargetsConfigSchema, env).WEBHOOK_ALLOW_PRIVATE_TARGETS };
}

/** Where the API is reached from outside: PUBLIC_BASE_URL, else http://HOST:PORT. */
export function readPublicBaseUrl(env: Env = process.env): string {
  const http = parse(httpConfigSchema, env);
  return http.PUBLIC_BASE_URL ?? `http://${http.HOST}:${http.PORT}`;
}

export interface ApiConfig {
  database: DatabaseConfig;
  redis: RedisConfig;
  logging: LoggingConfig;
  http: { host: string; port: number; publicBaseUrl: string };
  rateLimit: { perMinute: number };
  webhooks: WebhookTargetsConfig;
  /** The queue dashboard's token; without one the dashboard is off. */
  admin: { token: string | undefined };
  /** Encrypts the secrets the API stores (webhook signing secrets). */
  encryption: EncryptionConfig;
  auth: AuthConfig;
  mail: MailConfig;
}

export interface AuthConfig {
  /** AUTH_SECRET, else one derived from ENCRYPTION_KEY (HKDF-SHA256, its own purpose). Never logged. */
  secret: string;
  /** TRUSTED_ORIGINS, as origins (`scheme://host[:port]`). */
  trustedOrigins: string[];
  signInPerMinute: number;
}

export interface MailConfig {
  /** Unset: password reset links are logged instead of sent. */
  smtpUrl: string | undefined;
  from: string;
}

/** The variables of a schema, as given: an empty value means unset. */
function given(schema: z.ZodObject, env: Env): Env {
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => [name, readOptional(name as ConfigName, env)]),
  );
}

export function readAuthConfig(env: Env = process.env, encryption?: EncryptionConfig): AuthConfig {
  const auth = parse(authConfigSchema, given(authConfigSchema, env));
  const secret =
    auth.AUTH_SECRET ??
    Buffer.from(
      hkdfSync('sha256', (encryption ?? readEncryptionConfig(env)).current, 'comptoir', 'auth-secret', 32),
    ).toString('base64url');
  return {
    secret,
    trustedOrigins: auth.TRUSTED_ORIGINS,
    signInPerMinute: auth.SIGN_IN_RATE_LIMIT_PER_MINUTE,
  };
}

export function readMailConfig(env: Env = process.env): MailConfig {
  const mail = parse(mailConfigSchema, given(mailConfigSchema, env));
  return { smtpUrl: mail.SMTP_URL, from: mail.SMTP_FROM };
}

export function readApiConfig(env: Env = process.env): ApiConfig {
  const http = parse(httpConfigSchema, env);
  const config = {
    database: readDatabaseConfig(env),
    redis: readRedisConfig(env),
    logging: readLoggingConfig(env),
    http: {
      host: http.HOST,
      port: http.PORT,
      publicBaseUrl: readPublicBaseUrl(env),
    },
    rateLimit: { perMinute: parse(rateLimitConfigSchema, env).RATE_LIMIT_PER_MINUTE },
    webhooks: readWebhookTargetsConfig(env),
    admin: { token: parse(adminConfigSchema, env).ADMIN_TOKEN },
    encryption: readEncryptionConfig(env),
  };
  return { ...config, auth: readAuthConfig(env, config.encryption), mail: readMailConfig(env) };
}

export interface WorkerConfig {
  database: DatabaseConfig;
  redis: RedisConfig;
  logging: LoggingConfig;
  http: { host: string; port: number };
  /** The raw schedule text; the worker parses it (and refuses to start on a bad one). */
  webhooks: WebhookTargetsConfig & { retrySchedule: string };
  /** The period of the scheduled transitions (invoices OVERDUE, quotes EXPIRED). */
  lifecycle: { sweepIntervalMs: number };
  /** The period of the poll of the connected e-invoicing platforms. */
  einvoicing: { pollIntervalMs: number };
  /** Decrypts the webhook signing secrets the deliveries are signed with. */
  encryption: EncryptionConfig;
}

export function readWorkerConfig(env: Env = process.env): WorkerConfig {
  const worker = parse(workerConfigSchema, env);
  return {
    database: readDatabaseConfig(env),
    redis: readRedisConfig(env),
    logging: readLoggingConfig(env),
    http: { host: parse(httpConfigSchema, env).HOST, port: worker.WORKER_PORT },
    webhooks: {
      retrySchedule: worker.WEBHOOK_RETRY_SCHEDULE,
      ...readWebhookTargetsConfig(env),
    },
    lifecycle: { sweepIntervalMs: worker.LIFECYCLE_SWEEP_INTERVAL },
    einvoicing: { pollIntervalMs: worker.EINVOICING_POLL_INTERVAL },
    encryption: readEncryptionConfig(env),
  };
}

/** The raw value of one variable, for launchers that decide what to start (never for libraries). */
export function readOptional(name: ConfigName, env: Env = process.env): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

export interface DevServicesConfig {
  postgres: { dataDir: string | undefined; port: number };
  redis: { port: number | undefined };
  /** The local approved platform (packages/local-platform). */
  platform: { port: number };
}

/** Where `./run start` keeps and serves the services it runs itself; unset values are its defaults. */
export function readDevServicesConfig(env: Env = process.env): DevServicesConfig {
  // An empty value means unset (a port would otherwise coerce to 0).
  const given = Object.fromEntries(
    Object.keys(devServicesConfigSchema.shape).map((name) => [name, readOptional(name as ConfigName, env)]),
  );
  const dev = parse(devServicesConfigSchema, given);
  return {
    postgres: { dataDir: dev.DEV_POSTGRES_DIR, port: dev.DEV_POSTGRES_PORT },
    redis: { port: dev.DEV_REDIS_PORT },
    platform: { port: dev.DEV_PLATFORM_PORT },
  };
}
