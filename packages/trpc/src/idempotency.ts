import {
  AppError,
  checkIdempotencyKey,
  claimIdempotencyKey,
  type ErrorDetail,
  IdempotencyKeyTaken,
  type IdempotencyScope,
  isAppError,
  requestFingerprint,
  storeIdempotentResult,
  takenKeyReplay,
} from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import { decryptSecret, encryptSecret, secretBinding } from '@comptoir/secrets';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import type { AuthedContext } from './context.ts';
import type { ContractErrorCode } from './errors.ts';
import { resolveError } from './errors.ts';

/** What a tRPC middleware's `next()` resolves to (the parts used here). */
type MiddlewareResult =
  | { ok: true; data: unknown; marker: typeof middlewareMarker }
  | { ok: false; error: unknown; marker: typeof middlewareMarker };

export interface IdempotentCall<Result extends MiddlewareResult> {
  ctx: AuthedContext;
  key: string;
  /** The procedure path: keys are scoped to it. */
  endpoint: string;
  rawInput: unknown;
  successStatus: number;
  /** The answer holds a secret: it is stored encrypted (meta `answerHoldsSecret`). */
  sealed?: boolean;
  next: (em: EntityManager) => Promise<Result>;
}

/** Thrown out of the transaction to roll it back whole; carries the answer. */
class RollBack<Result> {
  readonly result: Result;
  constructor(result: Result) {
    this.result = result;
  }
}

const replayHeader = 'Idempotent-Replayed';

/**
 * Procedures whose use case claims the key in the statement of its effect and stores the answer
 * there (core's KeyedWrite): they receive the key as `ctx.keyedWrite` and run without a
 * transaction around them. One statement instead of BEGIN, claim, effect, answer and COMMIT
 * (docs/benchmarks.md, "Stock writes, part 2").
 */
const keyedInStatement: ReadonlySet<string> = new Set(['products.adjust']);

/** The field of the record envelope that holds the result (envelopes.ts). */
const resultField = 'data';

/**
 * Runs a procedure under an Idempotency-Key (rulings: "Idempotency"). The key is claimed, the
 * procedure runs and its answer is stored, all in one transaction, so the stored answer exists
 * if and only if the effect committed. A contract refusal (404, 409, 422) is stored too: its
 * transaction is rolled back whole and a second one claims the key again and stores the
 * refusal. (No savepoint before the effect: that was a round trip on every request for the
 * sake of refusals; docs/benchmarks.md, "Writes (issue 16)".) A retry with the same key that
 * claimed it in between has run and stored its own answer: that answer is the key's, and this
 * request replays it. Invalid input (400) and failures (5xx) store nothing, so the client can
 * fix or retry.
 */
export async function runIdempotently<Result extends MiddlewareResult>(
  call: IdempotentCall<Result>,
): Promise<Result> {
  checkIdempotencyKey(call.key);
  const scope: IdempotencyScope = {
    workspaceId: call.ctx.principal.workspaceId,
    endpoint: call.endpoint,
    key: call.key,
  };
  const fingerprint = requestFingerprint(call.rawInput);
  if (keyedInStatement.has(call.endpoint)) return runKeyedWrite(call, scope, fingerprint);
  const { response } = call.ctx;
  let refused: Result;
  try {
    return await call.ctx.em.transactional(async (tx) => {
      const em = tx as EntityManager;
      const claim = await claimIdempotencyKey(em, scope, fingerprint);
      if (claim.kind === 'replay') return replay(opened(claim.result, call, scope), response) as Result;
      const result = await call.next(em);
      if (!result.ok) throw new RollBack(result);
      await storeIdempotentResult(em, scope, {
        status: response.status ?? call.successStatus,
        body: call.sealed ? sealed(result.data, call, scope) : result.data,
      });
      return result;
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
    refused = error.result as Result;
  }
  if (refused.ok) return refused;
  return storeRefusal(call, scope, fingerprint, refused as Result & { ok: false });
}

/**
 * A contract refusal (404, 409, 422) is the key's answer too, stored by a transaction of its own
 * once the effect is gone. Invalid input (400) and failures (5xx) store nothing.
 */
function storeRefusal<Result extends MiddlewareResult>(
  call: IdempotentCall<Result>,
  scope: IdempotencyScope,
  fingerprint: string,
  refused: Result & { ok: false },
): Promise<Result> | Result {
  const resolved = resolveError(refused.error, 'write');
  if (resolved.status === 400 || resolved.status >= 500) return refused;
  return call.ctx.em.transactional(async (tx) => {
    const em = tx as EntityManager;
    const claim = await claimIdempotencyKey(em, scope, fingerprint);
    if (claim.kind === 'replay')
      return replay(opened(claim.result, call, scope), call.ctx.response) as Result;
    await storeIdempotentResult(em, scope, { status: resolved.status, body: resolved.body });
    return refused;
  });
}

/**
 * A procedure of keyedInStatement: its statement claims the key and stores the answer with the
 * effect, or writes nothing. A key that already has an answer (committed before the claim, or
 * while it waited) replays it; a key still held by a running request is 409
 * idempotency_key_in_use, stored nowhere; a contract refusal is stored as for the others.
 */
async function runKeyedWrite<Result extends MiddlewareResult>(
  call: IdempotentCall<Result>,
  scope: IdempotencyScope,
  fingerprint: string,
): Promise<Result> {
  call.ctx.keyedWrite = { scope, fingerprint, status: call.successStatus, resultField };
  const result = await call.next(call.ctx.em);
  if (result.ok) return result;
  const cause = result.error instanceof Error ? result.error.cause : undefined;
  if (cause instanceof IdempotencyKeyTaken) {
    const claim = await takenKeyReplay(call.ctx.em, scope, fingerprint);
    return replay(claim.result, call.ctx.response) as Result;
  }
  if (isAppError(cause) && cause.code === 'idempotency_key_in_use') return result;
  return storeRefusal(call, scope, fingerprint, result as Result & { ok: false });
}

/** What a sealed answer is bound to: its key, so it decrypts for that key's replays only. */
const sealBinding = (scope: IdempotencyScope) =>
  secretBinding('idempotency_keys.body', `${scope.workspaceId}:${scope.endpoint}:${scope.key}`);

/** An answer holding a secret, as stored: encrypted, the key's only (rulings keep it 24 h). */
function sealed(body: unknown, call: IdempotentCall<MiddlewareResult>, scope: IdempotencyScope) {
  return { sealed: encryptSecret(JSON.stringify(body), call.ctx.keyring, sealBinding(scope)) };
}

/** A stored answer as it was given: a sealed one decrypted (refusals are never sealed). */
function opened(
  stored: { status: number; body: unknown },
  call: IdempotentCall<MiddlewareResult>,
  scope: IdempotencyScope,
): { status: number; body: unknown } {
  const seal = (stored.body as { sealed?: unknown } | null)?.sealed;
  if (!call.sealed || stored.status >= 400 || typeof seal !== 'string') return stored;
  return {
    status: stored.status,
    body: JSON.parse(decryptSecret(seal, call.ctx.keyring, sealBinding(scope))),
  };
}

interface StoredErrorBody {
  error: { code: ContractErrorCode; message: string; details?: ErrorDetail[] };
  [extra: string]: unknown;
}

/** The stored answer, as the first request gave it, marked as a replay. */
function replay(stored: { status: number; body: unknown }, response: AuthedContext['response']) {
  response.headers[replayHeader] = 'true';
  if (stored.status >= 400) {
    const { error, ...extra } = stored.body as StoredErrorBody;
    throw new AppError<ContractErrorCode>(error.code, error.message, {
      ...(error.details ? { details: error.details } : {}),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    });
  }
  response.status = stored.status;
  return { ok: true, data: stored.body, marker: middlewareMarker };
}
