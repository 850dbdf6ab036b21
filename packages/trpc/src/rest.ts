import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, unstorableText } from '@comptoir/core';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { type Context, createContext, type RequestInfo, type ServerDependencies } from './context.ts';
import { restDownload } from './downloads.ts';
import { errorEnvelope, resolveError, statusOf } from './errors.ts';
import { procedureMetas } from './meta.ts';
import { appRouter } from './routers/index.ts';
import { unstorableInputError } from './storable-input.ts';

export interface RestRequest {
  method: string;
  /** Path and query below the REST base path, e.g. `/products?limit=5`. */
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  raw: IncomingMessage;
  rawResponse: ServerResponse;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or a document's bytes (then `contentType` says which kind). */
  body: string | Uint8Array;
  /** The media type of a body that is not JSON (a downloaded document). */
  contentType?: string;
  /** The procedure that answered (`products.list`), when the path named one. */
  procedure?: string;
  /** The error, when the request failed in a way nobody anticipated (log it). */
  unexpectedError?: unknown;
}

/** The query string's values by name, in an object with no prototype. */
function queryOf(url: string): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  const start = url.indexOf('?');
  if (start === -1) return query;
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    const values = query[name];
    if (values) values.push(value);
    else query[name] = [value];
  }
  return query;
}

function refusal(error: AppError): RestResponse {
  return { status: statusOf(error), headers: {}, body: JSON.stringify(errorEnvelope(error)) };
}

function isJsonObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The response trpc-to-openapi writes to: status, headers and body land in `captured`; listeners
 * go to the real response (abort handling). A class on purpose: as an object literal, its
 * getter and setter were closures over the request, and V8 then carried each request's objects,
 * body text included, into the old generation (a 7.6 KB list page per request), where only a
 * full collection frees them (docs/benchmarks.md, "API memory, part 7").
 */
class CapturingResponse {
  readonly #captured: RestResponse;
  readonly #raw: ServerResponse;

  constructor(captured: RestResponse, raw: ServerResponse) {
    this.#captured = captured;
    this.#raw = raw;
  }

  get statusCode(): number {
    return this.#captured.status;
  }

  set statusCode(value: number) {
    this.#captured.status = value;
  }

  get writableEnded(): boolean {
    return this.#raw.writableEnded;
  }

  setHeader(name: string, value: string): void {
    this.#captured.headers[name] = String(value);
  }

  end(data?: string): void {
    this.#captured.body = data ?? '';
  }

  once(event: string, listener: () => void): this {
    this.#raw.once(event, listener);
    return this;
  }

  on(event: string, listener: () => void): this {
    this.#raw.on(event, listener);
    return this;
  }

  off(event: string, listener: () => void): this {
    this.#raw.off(event, listener);
    return this;
  }
}

// What trpc-to-openapi's callbacks need or learn about a request travels on objects of that
// request (the request handed to it, the context), under keys of our own. Not in WeakMaps: V8's
// young-generation collector keeps every entry's key and value alive, so each request's context
// went to the old generation with them (about 1 KB per list; "API memory, part 7").
const contextKey = Symbol('comptoir.restContext');
const failureKey = Symbol('comptoir.restFailure');
const procedureKey = Symbol('comptoir.restProcedure');

interface HandedRequest {
  [contextKey]: Context;
  [failureKey]?: { error: unknown };
}

interface AnsweredContext {
  [procedureKey]?: string;
}

/**
 * The REST side of the procedures, through trpc-to-openapi. Its handler writes its own error
 * body; we capture what it writes instead of sending it, and answer with the contract's
 * envelope built from the error it reported.
 */
export function createRestHandler(deps: ServerDependencies) {
  const metas = procedureMetas(appRouter);
  const handler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }) => {
      const ctx = (req as Partial<HandedRequest>)[contextKey];
      if (!ctx) throw new Error('REST request without a prepared context');
      return ctx;
    },
    responseMeta: ({ ctx, paths, errors }) => {
      const context = ctx as (Context & AnsweredContext) | undefined;
      if (context && paths?.[0]) context[procedureKey] = paths[0];
      const headers = context?.response.headers ?? {};
      if (errors.length > 0) return { headers };
      const path = paths?.[0];
      const status = context?.response.status ?? (path ? metas.get(path)?.successStatus : undefined) ?? 200;
      return { status, headers };
    },
    onError: ({ error, req }) => {
      (req as unknown as HandedRequest)[failureKey] = { error };
    },
  });

  return async function handle(request: RestRequest, info: RequestInfo): Promise<RestResponse> {
    // trpc-to-openapi spreads the body into the input: an array or a string would pass as
    // an empty (or odd) object. Every body of the contract is a JSON object.
    if (request.body !== undefined && !isJsonObject(request.body)) {
      return refusal(new AppError('invalid_body', 'The request body must be a JSON object'));
    }
    // The merge with the path parameters drops a body field named like one (`id`): its text is
    // checked here, before it is lost, by the same rule admission applies to the input.
    const unstorable = unstorableText(request.body);
    if (unstorable.length > 0) return refusal(unstorableInputError('invalid_body', unstorable));
    const ctx = createContext(deps, info);
    const captured: RestResponse = { status: 200, headers: {}, body: '' };
    const source = request.raw;
    // A plain request object: trpc-to-openapi reads the parsed body from `body` and binds
    // abort handling to the socket's events.
    // trpc-to-openapi wants application/json on every POST/PATCH, even one without a body
    // (POST /quotes/{id}/send): a request with no body has no media type to refuse. It
    // compares the media type case-sensitively, where HTTP says case does not matter.
    const contentType = request.headers['content-type'];
    const headers = {
      ...request.headers,
      'content-type':
        contentType === undefined && request.body === undefined
          ? 'application/json'
          : contentType?.toLowerCase(),
    };
    const req: HandedRequest & Record<string, unknown> = {
      [contextKey]: ctx,
      method: request.method,
      url: request.url,
      headers,
      // Parsed here because trpc-to-openapi's own parse gathers names into a plain object:
      // `?constructor=1` met Object.prototype.constructor and threw. A DELETE's input is its
      // path id, and that input refuses unknown fields (a tRPC body's rule): a query parameter
      // is never refused (rulings), so a DELETE's are left out rather than read as input.
      query: request.method === 'DELETE' ? Object.create(null) : queryOf(request.url),
      body: request.body,
      socket: source.socket,
      readableEnded: true,
      once: source.once.bind(source),
      on: source.on.bind(source),
      off: source.off.bind(source),
    };
    const res = new CapturingResponse(captured, request.rawResponse);
    await handler(req as never, res as never);
    delete captured.headers['Content-Type'];
    const procedure = (ctx as AnsweredContext)[procedureKey];
    if (procedure) captured.procedure = procedure;
    const failure = req[failureKey];
    if (failure) {
      const resolved = resolveError(
        failure.error,
        request.method === 'GET' ? 'read' : 'write',
        info.requestId,
      );
      return {
        status: resolved.status,
        headers: { ...ctx.response.headers },
        body: JSON.stringify(resolved.body),
        ...(procedure ? { procedure } : {}),
        ...(resolved.unexpected ? { unexpectedError: failure.error } : {}),
      };
    }
    if (procedure && metas.get(procedure)?.download) {
      const ifNoneMatch = request.headers['if-none-match'];
      return restDownload(captured, Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch);
    }
    return captured;
  };
}
