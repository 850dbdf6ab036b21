import {
  AppError,
  actingAs,
  authCookiePrefix,
  isAppError,
  memberPrincipal,
  type Permission,
  type Principal,
  requirePermission,
  type SessionUser,
} from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import type { AuthedContext, Context, SessionContext } from './context.ts';
import { toTrpcError, transportError } from './errors.ts';
import { runIdempotently } from './idempotency.ts';
import { baseProcedure } from './init.ts';
import type { RateLimitDecision } from './key-gate.ts';
import { refuseUnstorableText } from './storable-input.ts';

/** The rate limit's window, in seconds, as the RateLimit-Policy header states it. */
const rateLimitPolicyWindow = 60;

/** The header that names the workspace a member's session acts in. */
export const workspaceHeader = 'x-comptoir-workspace';

/** better-auth's session cookie, plain or `__Secure-` (core/people/auth.ts). */
const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${authCookiePrefix}\\.session_token=`);

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** The rate limit's headers, and its 429 once the window is spent. */
function applyRateLimit(ctx: Context, decision: RateLimitDecision | undefined): void {
  if (!decision) return;
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

/** A member's session is what admits the request: over tRPC, with no Authorization, a session cookie. */
function bySession(ctx: Context): ctx is Context & { cookie: string } {
  return (
    ctx.transport === 'trpc' &&
    ctx.authorization === undefined &&
    ctx.cookie !== undefined &&
    sessionCookie.test(ctx.cookie)
  );
}

/**
 * CSRF: a cookie travels with any request the browser makes, whoever's page asked; a change made
 * on a session's behalf must come from the app's own origin.
 */
function refuseForeignOrigin(ctx: Context, type: ProcedureType): void {
  if (type === 'query') return;
  if (ctx.origin === undefined || !ctx.people.trustedOrigins.has(ctx.origin)) {
    throw new AppError(
      'origin_not_allowed',
      'A change made with a session cookie must come from the app’s own origin',
    );
  }
}

/** The signed-in user of the request's cookie, or 401 `invalid_session`. */
async function signedInUser(ctx: Context & { cookie: string }): Promise<SessionUser> {
  const user = await ctx.people.sessions.sessionOf(ctx.cookie);
  if (!user)
    throw new AppError('invalid_session', 'Not signed in: the session is unknown, expired or signed out');
  return user;
}

/** A member's request: CSRF, the session, the workspace header, the role's permission, the rate limit. */
async function admitSession(
  ctx: Context & { cookie: string },
  permission: Permission,
  type: ProcedureType,
): Promise<Principal> {
  refuseForeignOrigin(ctx, type);
  const user = await signedInUser(ctx);
  const workspaceId = ctx.workspace?.trim();
  if (!workspaceId) {
    throw new AppError('invalid_request', `Name the workspace to act in with the ${workspaceHeader} header`, {
      details: [{ path: workspaceHeader, message: 'required with a session cookie' }],
    });
  }
  const principal = await memberPrincipal(ctx.em, user.userId, workspaceId);
  requirePermission(principal, permission);
  applyRateLimit(ctx, await ctx.keyAdmission.countUserRequest(user.userId));
  return principal;
}

/**
 * Authentication, then permission, then the rate limit: who is calling, or a contract error. A
 * key (`Authorization: Bearer`) on both transports; over tRPC, a member's session cookie too.
 */
async function admit(ctx: Context, permission: Permission, type: ProcedureType): Promise<Principal> {
  if (bySession(ctx)) return admitSession(ctx, permission, type);
  const { principal, decision } = await ctx.keyAdmission.admit(
    ctx.em,
    ctx.authorization,
    permission,
    (error) => ctx.log.warn({ err: error }, 'could not refresh api key lastUsedAt'),
  );
  applyRateLimit(ctx, decision);
  return principal;
}

/**
 * A procedure that needs `permission`: a key's scope or a member's role grants it (core
 * people/roles.ts). One middleware on purpose: each tRPC middleware level copies the context,
 * and this path runs on every request. Input text that cannot be stored is refused here, for
 * every procedure and both transports. Contract errors, from admission or from the procedure,
 * leave with the status their code names. A procedure whose meta says `idempotent` runs under
 * the request's Idempotency-Key, when it has one. The events it records name its caller.
 */
export function scopedProcedure(permission: Permission) {
  return baseProcedure.use(async ({ ctx, next, meta, path, type, getRawInput }) => {
    try {
      const principal = await admit(ctx, permission, type);
      const rawInput = await getRawInput();
      refuseUnstorableText(rawInput, meta, type);
      const authed: AuthedContext = { ...ctx, principal };
      const run = (em?: EntityManager) => next({ ctx: em ? { ...authed, em } : authed });
      const result = await actingAs(principal.actor, () =>
        meta?.idempotent && ctx.idempotencyKey !== undefined
          ? runIdempotently({
              ctx: authed,
              key: ctx.idempotencyKey,
              endpoint: path,
              rawInput,
              successStatus: meta.successStatus ?? 200,
              sealed: meta.answerHoldsSecret === true,
              next: run,
            })
          : run(),
      );
      if (!result.ok && isAppError(result.error.cause)) throw toTrpcError(result.error.cause);
      return result;
    } catch (error) {
      throw isAppError(error) ? toTrpcError(error) : error;
    }
  });
}

/**
 * A procedure of people, not of a workspace (me.get): the session cookie only. A key is 403
 * `session_required`; no session 401 `invalid_session`. Its changes, if any, must come from the
 * app's origin, as any session's.
 */
export const sessionProcedure = baseProcedure.use(async ({ ctx, next, meta, type, getRawInput }) => {
  try {
    if (ctx.authorization !== undefined) {
      throw new AppError('session_required', 'This procedure is for a signed-in person, not an API key');
    }
    if (!bySession(ctx)) throw new AppError('invalid_session', 'Not signed in');
    refuseForeignOrigin(ctx, type);
    const user = await signedInUser(ctx);
    applyRateLimit(ctx, await ctx.keyAdmission.countUserRequest(user.userId));
    refuseUnstorableText(await getRawInput(), meta, type);
    const session: SessionContext = { ...ctx, user };
    const result = await actingAs({ kind: 'user', id: user.userId }, () => next({ ctx: session }));
    if (!result.ok && isAppError(result.error.cause)) throw toTrpcError(result.error.cause);
    return result;
  } catch (error) {
    throw isAppError(error) ? toTrpcError(error) : error;
  }
});

/**
 * A procedure anyone may call, with no key or session (invitations.accept: the link's token is
 * the credential). The same input guards and error mapping as the others.
 */
export const publicProcedure = baseProcedure.use(async ({ next, meta, type, getRawInput }) => {
  try {
    refuseUnstorableText(await getRawInput(), meta, type);
    const result = await next();
    if (!result.ok && isAppError(result.error.cause)) throw toTrpcError(result.error.cause);
    return result;
  } catch (error) {
    throw isAppError(error) ? toTrpcError(error) : error;
  }
});
