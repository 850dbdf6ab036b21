import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '@comptoir/core';
import { type ContractErrorCode, errorStatus, internalErrorEnvelope } from '@comptoir/trpc';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { envelope, sendError } from './error-handling.ts';

/** The largest request body read (a larger one is a 413). */
export const maxBodyBytes = 1024 * 1024;

/**
 * Body parsing and the refusal of hostile input before any procedure sees it: JSON is the only
 * body the API reads (anything else is refused with 415), as strict UTF-8, and an empty body is
 * a valid "no input" (POST /quotes/{id}/send), not malformed JSON. Query parameters that do not
 * decode are refused, naming them.
 */
export function guardInput(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    const text = bodyText(body);
    if (text instanceof AppError) return done(text, undefined);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('invalid_body', 'Malformed JSON in request body'), undefined);
    }
  });

  // A callback hook (no promise per request); one that answers does not call done.
  app.addHook('onRequest', (request, reply, done) => {
    if (!servedMethods.has(request.method)) {
      reply.header('Allow', [...servedMethods].join(', '));
      sendError(reply, 405, envelope('method_not_allowed', `Method ${request.method} is not served`));
      return;
    }
    const undecodable = undecodableQueryParameters(request.url);
    if (undecodable.length > 0) {
      sendError(reply, 400, {
        error: {
          code: 'invalid_request',
          message: 'Query parameters must be valid percent-encoded UTF-8',
          details: undecodable.map((name) => ({ path: name, message: 'not valid percent-encoded UTF-8' })),
        },
      });
      return;
    }
    done();
  });
}

/** The methods any route may serve; the others (TRACE, CONNECT, WebDAV's) are refused first. */
const servedMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * An absolute-form request target (`GET http://host/api/v1/products`, which HTTP/1.1 servers
 * must accept) is served as its path: the routes and the REST glue expect origin-form.
 */
export function originFormUrl(url: string | undefined): string {
  if (url === undefined || url.startsWith('/')) return url ?? '/';
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** Invalid UTF-8 is refused, not silently turned into U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A body's text, decoded as strict UTF-8, or the refusal to answer. */
export function bodyText(body: Buffer | string): string | AppError {
  try {
    return typeof body === 'string' ? body : strictUtf8.decode(body);
  } catch {
    return new AppError('invalid_body', 'The request body is not valid UTF-8');
  }
}

/**
 * Query parameters whose percent-encoding is broken or encodes invalid UTF-8 (an unpaired
 * surrogate): the usual decoders would pass them on as U+FFFD or as raw text; the rulings
 * refuse them, naming the parameter.
 */
function undecodableQueryParameters(url: string): string[] {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return [];
  const names: string[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    try {
      decodeURIComponent(name);
      decodeURIComponent(value);
    } catch {
      names.push(decodeOrKeep(name));
    }
  }
  return names;
}

function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Errors Fastify meets before routing (an undecodable path, an over-long parameter) get the
 * contract's envelope too. A path that cannot be decoded names no resource: 404.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 404, envelope('not_found', 'No resource at a malformed URL path'));
  }
  request.log.error({ err: error, requestId: request.id }, 'framework error');
  return sendError(reply, 500, internalErrorEnvelope(String(request.id)));
};

/** What Node's HTTP parser refused (bad request line, headers too large, timeout). */
const clientErrors: Record<string, ContractErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  HPE_HEADER_OVERFLOW: 'headers_too_large',
};

/** Requests Node's HTTP parser refuses never reach Fastify: answer them in the envelope too. */
export function writeClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrors[error.code ?? ''] ?? 'invalid_request';
  const status = errorStatus[code];
  const body = JSON.stringify(
    envelope(code, `The HTTP request could not be read (${error.code ?? 'malformed'})`),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
