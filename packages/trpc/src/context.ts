import type { KeyedWrite, Principal, RenderDocument, TargetPolicy } from '@comptoir/core';
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
}

export interface RequestInfo {
  requestId: string;
  transport: 'rest' | 'trpc';
  authorization: string | undefined;
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

export function createContext(deps: ServerDependencies, info: RequestInfo): Context {
  return {
    ...info,
    em: deps.orm.em.fork(),
    keyAdmission: deps.keyAdmission,
    webhookTargets: deps.webhookTargets,
    keyring: deps.keyring,
    render: deps.render,
    response: { headers: {} },
  };
}
