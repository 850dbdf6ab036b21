import type { KeyedWrite, Principal, RenderDocument, SessionUser, TargetPolicy } from '@comptoir/core';
import type { EntityManager, MikroORM } from '@comptoir/db';
import type { Keyring } from '@comptoir/secrets';
import type { KeyAdmission } from './key-admission.ts';

/** What a procedure may tell the transport about its response beyond the body. */
export interface ResponseControl {
  /** A status decided at run time (for example 207); else the procedure's successStatus. */
  status?: number;
  headers: Record<string, string>;
}

export interface RequestLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Reads the signed-in user a `Cookie` header carries (better-auth's session, core/people/auth.ts). */
export interface SessionReader {
  sessionOf(cookie: string): Promise<SessionUser | null>;
}

/** What admitting a member's session needs beside the database. */
export interface PeopleDependencies {
  sessions: SessionReader;
  /**
   * Origins whose cookie-authenticated mutations are accepted (CSRF): PUBLIC_BASE_URL's, and the
   * app's dev server's in development (TRUSTED_ORIGINS).
   */
  trustedOrigins: ReadonlySet<string>;
  /** The API's public base URL: invitation links point at its /app. */
  publicBaseUrl: string;
  /** Tells every API process a key was revoked (Redis), so none keeps accepting it. */
  announceKeyRevocation(): Promise<void>;
}

export interface ServerDependencies {
  orm: MikroORM;
  /** Turns a document model into bytes: the host's render pool (worker threads). */
  render: RenderDocument;
  /** Authentication, scope and rate limit, with the keys this process verified earlier. */
  keyAdmission: KeyAdmission;
  /** Which URLs webhook endpoints may have (the service's WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  webhookTargets: TargetPolicy;
  /** Encrypts the secrets procedures store (webhook signing secrets): the service's ENCRYPTION_KEY. */
  keyring: Keyring;
  people: PeopleDependencies;
}

export interface RequestInfo {
  requestId: string;
  transport: 'rest' | 'trpc';
  authorization: string | undefined;
  /** The `Cookie` header: a member's session, over tRPC only. */
  cookie?: string | undefined;
  /** The `Origin` header, checked on a cookie-authenticated mutation. */
  origin?: string | undefined;
  /** `x-comptoir-workspace`: the workspace a member's session acts in. */
  workspace?: string | undefined;
  /** The `Idempotency-Key` header, honoured by procedures whose meta says `idempotent`. */
  idempotencyKey?: string | undefined;
  log: RequestLogger;
}

export interface Context extends RequestInfo {
  /** A fork of the ORM's EntityManager for this request only. */
  em: EntityManager;
  keyAdmission: KeyAdmission;
  webhookTargets: TargetPolicy;
  keyring: Keyring;
  render: RenderDocument;
  people: PeopleDependencies;
  /**
   * Shared by reference: tRPC middlewares copy ctx, so a plain field set in a procedure would
   * never reach the transport. Mutate this object, never replace it.
   */
  response: ResponseControl;
}

export interface AuthedContext extends Context {
  principal: Principal;
  /**
   * The request's Idempotency-Key, for a procedure whose use case claims it in its own statement
   * (idempotency.ts, `keyedInStatement`); absent without a key and for every other procedure.
   */
  keyedWrite?: KeyedWrite;
}

/** A procedure of people only (me.get): the signed-in user, in no workspace in particular. */
export interface SessionContext extends Context {
  user: SessionUser;
}

export function createContext(deps: ServerDependencies, info: RequestInfo): Context {
  return {
    ...info,
    em: deps.orm.em.fork(),
    keyAdmission: deps.keyAdmission,
    webhookTargets: deps.webhookTargets,
    keyring: deps.keyring,
    render: deps.render,
    people: deps.people,
    response: { headers: {} },
  };
}
