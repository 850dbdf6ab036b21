import { authBasePath, type PeopleAuth } from '@comptoir/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInLimiter } from './sign-in-limit.ts';

export interface AuthPluginOptions {
  auth: PeopleAuth;
  limiter: SignInLimiter;
  /** The API's public base URL: better-auth sees requests under it. */
  publicBaseUrl: string;
}

/** better-auth's endpoints that the sign-in limit counts (per e-mail and per address). */
const limited: Record<string, string> = {
  [`${authBasePath}/sign-in/email`]: 'sign-in',
  [`${authBasePath}/request-password-reset`]: 'password-reset',
};

/** Headers not handed to better-auth: the body is given again, as JSON; the rest is the connection's. */
const hopHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/** The e-mail a JSON body names, if it names one. */
function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' ? email : undefined;
}

function webRequest(request: FastifyRequest, publicBaseUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopHeaders.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(request.url, publicBaseUrl), {
    method: request.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body ?? {}) } : {}),
  });
}

/**
 * The session token stays in its HttpOnly cookie: better-auth also puts it in the JSON of a
 * sign-in (`token`) and of get-session (`session.token`), where the page's scripts could read it.
 */
function withoutToken(path: string, text: string): string {
  if (path !== `${authBasePath}/sign-in/email` && path !== `${authBasePath}/get-session`) return text;
  try {
    const body = JSON.parse(text) as { token?: unknown; session?: { token?: unknown } } | null;
    if (body === null) return text;
    delete body.token;
    if (body.session) delete body.session.token;
    return JSON.stringify(body);
  } catch {
    return text;
  }
}

async function sendWebResponse(reply: FastifyReply, path: string, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('application/json') ?? false;
  return reply.send(json ? withoutToken(path, text) : text);
}

/**
 * People's sign-in at /api/auth/* (better-auth, core/people/auth.ts): sign-in with e-mail and
 * password, sign-out, get-session, password reset. Outside /api/v1 and its OpenAPI document.
 * Answers keep better-auth's shape (`{ code, message }` on an error, codes in capitals), which its
 * client reads; the sign-in limit answers 429 `TOO_MANY_REQUESTS` in the same shape, with
 * Retry-After.
 */
export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  app.route({
    method: ['GET', 'POST'],
    url: `${authBasePath}/*`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      const what = request.method === 'POST' ? limited[path] : undefined;
      if (what) {
        const { retryAfterSeconds } = await options.limiter.attempt(what, emailOf(request.body), request.ip);
        if (retryAfterSeconds !== undefined) {
          return reply
            .code(429)
            .header('Retry-After', String(retryAfterSeconds))
            .type('application/json')
            .send(
              JSON.stringify({
                code: 'TOO_MANY_REQUESTS',
                message: `Too many attempts: retry in ${retryAfterSeconds} s`,
              }),
            );
        }
      }
      return sendWebResponse(
        reply,
        path,
        await options.auth.handler(webRequest(request, options.publicBaseUrl)),
      );
    },
  });
};
