import { AppError, authenticate, isAppError, type Principal, requireScope, type Scope } from '@comptoir/core';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { AuthedContext, Context } from './context.ts';
import { resolveError, toTrpcError } from './errors.ts';

export type ProcedureMeta = OpenApiMeta<{
  /** The status of a success when the procedure does not set one at run time (default 200). */
  successStatus?: 200 | 201;
}>;

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // The tRPC wire format stays tRPC's, with the contract's error object under `data.error`,
    // so internal callers read the same codes as REST clients.
    errorFormatter({ shape, error, type, ctx }) {
      const resolved = resolveError(error, type === 'query' ? 'read' : 'write', ctx?.requestId);
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        message: resolved.body.error.message,
        data: { ...data, httpStatus: resolved.status, error: resolved.body.error, requestId: ctx?.requestId },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const rateLimitPolicyWindow = 60;

/** Authentication, then scope, then the rate limit: who is calling, or a contract error. */
async function admit(ctx: Context, scope: Scope): Promise<Principal> {
  const principal = await authenticate(ctx.em, ctx.authorization, (error) =>
    ctx.log.warn({ err: error }, 'could not refresh api key lastUsedAt'),
  );
  requireScope(principal, scope);
  const decision = await ctx.rateLimiter.consume(principal.keyId, principal.rateLimitPerMinute);
  if (decision) {
    Object.assign(ctx.response.headers, {
      'RateLimit-Limit': String(decision.limit),
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
      'RateLimit-Policy': `${decision.limit};w=${rateLimitPolicyWindow}`,
    });
    if (!decision.allowed) {
      ctx.response.headers['Retry-After'] = String(decision.resetSeconds);
      throw new AppError(
        'rate_limited',
        `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.resetSeconds} s`,
      );
    }
  }
  return principal;
}

/**
 * A procedure that needs a key with `scope`. One middleware on purpose: each tRPC middleware
 * level copies the context, and this path runs on every request. Contract errors, from
 * admission or from the procedure, leave with the status their code names.
 */
export function scopedProcedure(scope: Scope) {
  return t.procedure.use(async ({ ctx, next }) => {
    let principal: Principal;
    try {
      principal = await admit(ctx, scope);
    } catch (error) {
      throw isAppError(error) ? toTrpcError(error) : error;
    }
    const result = await next({ ctx: { ...ctx, principal } satisfies AuthedContext });
    if (!result.ok && isAppError(result.error.cause)) throw toTrpcError(result.error.cause);
    return result;
  });
}
