import {
  AppError,
  checkIdempotencyKey,
  claimIdempotencyKey,
  type ErrorDetail,
  type IdempotencyScope,
  requestFingerprint,
  storeIdempotentResult,
} from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
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
const effectSavepoint = 'idempotent_effect';

/**
 * Runs a procedure under an Idempotency-Key (rulings: "Idempotency"). The key is claimed, the
 * procedure runs and its answer is stored, all in one transaction, so the stored answer exists
 * if and only if the effect committed. A contract refusal (404, 409, 422) is stored too: the
 * effect is rolled back to a savepoint first. Invalid input (400) and failures (5xx) store
 * nothing, so the client can fix or retry.
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
  const { response } = call.ctx;
  try {
    return await call.ctx.em.transactional(async (tx) => {
      const em = tx as EntityManager;
      const claim = await claimIdempotencyKey(em, scope, fingerprint);
      if (claim.kind === 'replay') {
        response.headers[replayHeader] = 'true';
        return replay(claim.result, response) as Result;
      }
      await em.execute(`savepoint ${effectSavepoint}`);
      const result = await call.next(em);
      if (result.ok) {
        await storeIdempotentResult(em, scope, {
          status: response.status ?? call.successStatus,
          body: result.data,
        });
        return result;
      }
      const resolved = resolveError(result.error, 'write');
      const stored = resolved.status !== 400 && resolved.status < 500;
      if (!stored) throw new RollBack(result);
      await em.execute(`rollback to savepoint ${effectSavepoint}`);
      await storeIdempotentResult(em, scope, { status: resolved.status, body: resolved.body });
      return result;
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result as Result;
    throw error;
  }
}

interface StoredErrorBody {
  error: { code: ContractErrorCode; message: string; details?: ErrorDetail[] };
  [extra: string]: unknown;
}

function replay(stored: { status: number; body: unknown }, response: AuthedContext['response']) {
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
