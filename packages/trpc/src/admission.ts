import { isAppError, type Principal, type Scope } from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import type { AuthedContext, Context } from './context.ts';
import { toTrpcError, transportError } from './errors.ts';
import { runIdempotently } from './idempotency.ts';
import { baseProcedure } from './init.ts';
import { refuseUnstorableText } from './storable-input.ts';

/** The rate limit's window, in seconds, as the RateLimit-Policy header states it. */
const rateLimitPolicyWindow = 60;

/** Authentication, then scope, then the rate limit: who is calling, or a contract error. */
async function admit(ctx: Context, scope: Scope): Promise<Principal> {
  const { principal, decision } = await ctx.keyAdmission.admit(ctx.em, ctx.authorization, scope, (error) =>
    ctx.log.warn({ err: error }, 'could not refresh api key lastUsedAt'),
  );
  if (decision) {
    Object.assign(ctx.response.headers, {
      'RateLimit-Limit': String(decision.limit),
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
      'RateLimit-Policy': `${decision.limit};w=${rateLimitPolicyWindow}`,
    });
    if (!decision.allowed) {
      ctx.response.headers['Retry-After'] = String(decision.resetSeconds);
      throw transportError(
        'rate_limited',
        `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.resetSeconds} s`,
      );
    }
  }
  return principal;
}

/**
 * A procedure that needs a key with `scope`. One middleware on purpose: each tRPC middleware
 * level copies the context, and this path runs on every request. Input text that cannot be
 * stored is refused here, for every procedure and both transports. Contract errors, from
 * admission or from the procedure, leave with the status their code names. A procedure whose
 * meta says `idempotent` runs under the request's Idempotency-Key, when it has one.
 */
export function scopedProcedure(scope: Scope) {
  return baseProcedure.use(async ({ ctx, next, meta, path, type, getRawInput }) => {
    try {
      const principal = await admit(ctx, scope);
      refuseUnstorableText(await getRawInput(), meta, type);
      const authed: AuthedContext = { ...ctx, principal };
      const run = (em?: EntityManager) => next({ ctx: em ? { ...authed, em } : authed });
      const result =
        meta?.idempotent && ctx.idempotencyKey !== undefined
          ? await runIdempotently({
              ctx: authed,
              key: ctx.idempotencyKey,
              endpoint: path,
              rawInput: await getRawInput(),
              successStatus: meta.successStatus ?? 200,
              sealed: meta.answerHoldsSecret === true,
              next: run,
            })
          : await run();
      if (!result.ok && isAppError(result.error.cause)) throw toTrpcError(result.error.cause);
      return result;
    } catch (error) {
      throw isAppError(error) ? toTrpcError(error) : error;
    }
  });
}
