import { type Database, type IdKind, newId } from '@comptoir/db';
import { betterAuth } from 'better-auth';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { passwordLength } from './schemas.ts';

/** Where better-auth answers on the API host, outside /api/v1 and its OpenAPI document. */
export const authBasePath = '/api/auth';
/** The cookies' prefix: the session cookie is `comptoir.session_token` (`__Secure-` over https). */
export const authCookiePrefix = 'comptoir';
/** How long a session lasts without use, and how often its use extends it. */
const sessionSeconds = 7 * 24 * 3600;
const sessionRefreshSeconds = 24 * 3600;
/** How long a password reset link works. */
export const passwordResetSeconds = 3600;

export interface PasswordResetMessage {
  email: string;
  name: string;
  /** The app's page that takes the new password: `<base>/app/reset-password?token=…`. */
  url: string;
}

export interface AuthLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PeopleAuthOptions {
  /** The service's database (its pool): better-auth's Kysely adapter runs on it. */
  db: Kysely<Database>;
  /** Signs the session cookie (AUTH_SECRET). */
  secret: string;
  /** The API's public base URL (PUBLIC_BASE_URL): its origin is trusted, https makes cookies Secure. */
  baseUrl: string;
  /** Other origins whose requests carrying the cookie are trusted (the app's dev server). */
  trustedOrigins: readonly string[];
  /** Sends (or, in development, logs) a password reset link. */
  sendPasswordReset(message: PasswordResetMessage): Promise<void>;
  log: AuthLogger;
}

// better-auth's models, under our table names and snake_case columns (db entities/people.ts).
const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;
const tables = {
  user: { modelName: 'users', fields: { emailVerified: 'email_verified', ...timestamps } },
  session: {
    modelName: 'sessions',
    fields: {
      userId: 'user_id',
      expiresAt: 'expires_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      ...timestamps,
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      userId: 'user_id',
      accountId: 'account_id',
      providerId: 'provider_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      ...timestamps,
    },
  },
  verification: { modelName: 'verifications', fields: { expiresAt: 'expires_at', ...timestamps } },
} as const;

/** better-auth's timestamp columns (db entities/people.ts). */
const timestampColumns = new Set([
  'expires_at',
  'created_at',
  'updated_at',
  'access_token_expires_at',
  'refresh_token_expires_at',
]);

/**
 * Our pool reads timestamptz as text (packages/db turns it into dates where it reads it), while
 * better-auth compares what it reads with dates (`session.expiresAt < new Date()`): a string there
 * never compares as expired. This gives better-auth's queries their timestamps as Dates.
 */
class TimestampsAsDates implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows.map((row) => {
      let converted: UnknownRow | undefined;
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string' || !timestampColumns.has(column)) continue;
        converted ??= { ...row };
        converted[column] = new Date(value);
      }
      return converted ?? row;
    });
    return { ...args.result, rows };
  }
}

/** Our prefixed ids for better-auth's rows (`usr_…`): the actor of an event names a user by one. */
const idKinds: Record<string, IdKind> = {
  user: 'user',
  users: 'user',
  session: 'session',
  sessions: 'session',
  account: 'account',
  accounts: 'account',
  verification: 'verification',
  verifications: 'verification',
};

/**
 * Paths of better-auth's that Comptoir does not offer: people join by invitation (or the CLI),
 * never by signing up, and sign in with e-mail and password only.
 */
const disabledPaths = [
  '/sign-up/email',
  '/sign-in/social',
  '/link-social',
  '/unlink-account',
  '/delete-user',
  '/change-email',
  '/send-verification-email',
  '/verify-email',
];

/**
 * better-auth, configured for Comptoir: e-mail and password (its scrypt hashing), sessions in
 * PostgreSQL, the `comptoir` cookie (HttpOnly, SameSite=Lax, Secure over https), its own Origin
 * check on its endpoints when a cookie is sent. Its rate limiter is off: the host limits sign-in
 * per e-mail and per address in Redis, shared by every API process.
 */
export function createPeopleAuth(options: PeopleAuthOptions) {
  const secure = new URL(options.baseUrl).protocol === 'https:';
  return betterAuth({
    appName: 'Comptoir',
    baseURL: options.baseUrl,
    basePath: authBasePath,
    secret: options.secret,
    trustedOrigins: [...options.trustedOrigins],
    database: { db: options.db.withPlugin(new TimestampsAsDates()), type: 'postgres' },
    ...tables,
    session: { ...tables.session, expiresIn: sessionSeconds, updateAge: sessionRefreshSeconds },
    account: { ...tables.account, accountLinking: { enabled: false } },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: passwordLength.min,
      maxPasswordLength: passwordLength.max,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: passwordResetSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = new URL('/app/reset-password', options.baseUrl);
        url.searchParams.set('token', token);
        await options.sendPasswordReset({ email: user.email, name: user.name, url: url.toString() });
      },
    },
    disabledPaths,
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: authCookiePrefix,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      disableCSRFCheck: false,
      disableOriginCheck: false,
      database: {
        generateId: ({ model }) => {
          const kind = idKinds[model];
          if (!kind) throw new Error(`no id prefix for better-auth's model ${model}`);
          return newId(kind);
        },
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        if (level === 'error') options.log.error({ args }, `auth: ${message}`);
        else options.log.warn({ args }, `auth: ${message}`);
      },
    },
  });
}

export type PeopleAuth = ReturnType<typeof createPeopleAuth>;

/** The signed-in user of a request's cookie, or null (none, unknown, expired or signed out). */
export interface SessionUser {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
}

/**
 * Reads the session a `Cookie` header carries, without extending it (a read of the procedures;
 * the app's GET /api/auth/get-session extends it and refreshes the cookie).
 */
export async function sessionOf(auth: PeopleAuth, cookie: string): Promise<SessionUser | null> {
  const found = await auth.api.getSession({
    headers: new Headers({ cookie }),
    query: { disableRefresh: true },
  });
  if (!found) return null;
  return {
    userId: found.user.id,
    email: found.user.email,
    name: found.user.name,
    sessionId: found.session.id,
  };
}
