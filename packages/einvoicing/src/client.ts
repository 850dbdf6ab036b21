import { createHash, randomUUID } from 'node:crypto';
import { buildLifecycleMessage, type LifecycleMessageInput } from './cdar.ts';
import { PlatformError, type PlatformErrorKind } from './errors.ts';
import type { PlatformStatus } from './lifecycle.ts';
import {
  type DocType,
  type Flow,
  type FlowAckStatus,
  type FlowDirection,
  type FlowProfile,
  type FlowSyntax,
  type FullFlowInfo,
  flowIdSchema,
  flowSchema,
  fullFlowInfoSchema,
  type ProcessingRule,
  platformErrorBodySchema,
  searchFlowContentSchema,
  tokenResponseSchema,
} from './schemas.ts';

export type FlowClientAuth =
  | { kind: 'bearer'; token: string }
  | { kind: 'oauth2'; tokenUrl: string; clientId: string; clientSecret: string; scope?: string };

export interface FlowClientOptions {
  /** The Flow Service root, before `/v1` (e.g. `https://api.flow.example.com/flow-service`). */
  baseUrl: string;
  auth: FlowClientAuth;
  /** Every call, token requests included, gives up after this long. */
  timeoutMs: number;
  /** Sent as `Organization-Id`, for a platform account that acts for several companies. */
  organizationId?: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch, for the token's expiry; for tests. */
  now?: () => number;
}

export interface SubmitFlowInput {
  file: Uint8Array;
  fileName: string;
  syntax: FlowSyntax;
  profile?: FlowProfile;
  processingRule?: ProcessingRule;
  /** Our identifier for the flow: the key to find it again after a timeout. At most 36 characters. */
  trackingId: string;
  /** Hex SHA-256 of `file`; the platform checks it. */
  sha256: string;
}

export interface SearchFlowsInput {
  /** Flows updated strictly after this instant. */
  updatedAfter?: Date | string;
  updatedBefore?: Date | string;
  trackingId?: string;
  direction?: FlowDirection | FlowDirection[];
  flowTypes?: string[];
  processingRules?: ProcessingRule[];
  ackStatus?: FlowAckStatus;
  /** The `nextCursor` of the previous page; it replaces `updatedAfter`. */
  cursor?: string;
  /** 1 to 100; the platform's default is 25. */
  limit?: number;
}

export interface FlowPage {
  flows: Flow[];
  /** Null when this page is the last one for now. */
  nextCursor: string | null;
}

export interface FlowFile {
  content: Uint8Array;
  contentType: string;
  fileName: string | null;
}

/** The statuses a company sets itself (processing phase); the platforms set the others. */
export type SentLifecycleStatus = Extract<
  PlatformStatus,
  | 'in_process'
  | 'approved'
  | 'partially_approved'
  | 'disputed'
  | 'suspended'
  | 'completed'
  | 'refused'
  | 'payment_transmitted'
  | 'paid'
>;

export type SubmitLifecycleStatusInput = Omit<LifecycleMessageInput, 'status'> & {
  status: SentLifecycleStatus;
  trackingId: string;
};

export interface FlowClient {
  submitFlow(input: SubmitFlowInput): Promise<FullFlowInfo>;
  getFlow(flowId: string, docType?: 'Metadata'): Promise<Flow>;
  getFlow(flowId: string, docType: Exclude<DocType, 'Metadata'>): Promise<FlowFile>;
  searchFlows(input: SearchFlowsInput): Promise<FlowPage>;
  /** Resolves when the platform says it is up; throws PlatformError otherwise. */
  healthcheck(): Promise<void>;
  /** Builds the CDAR message for a status we set (refusal, approval, payment...) and submits it as a flow. */
  submitLifecycleStatus(input: SubmitLifecycleStatusInput): Promise<FullFlowInfo>;
}

const sentStatuses: ReadonlySet<string> = new Set<SentLifecycleStatus>([
  'in_process',
  'approved',
  'partially_approved',
  'disputed',
  'suspended',
  'completed',
  'refused',
  'payment_transmitted',
  'paid',
]);

// Failing before the request left this machine: nothing can have been accepted.
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const contentTypes: Record<FlowSyntax, string> = {
  CII: 'application/xml',
  UBL: 'application/xml',
  CDAR: 'application/xml',
  FRR: 'application/xml',
  'Factur-X': 'application/pdf',
};

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function retryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

function isoOf(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

interface CachedToken {
  token: string;
  /** When to fetch a new one (a little before the platform's expiry). */
  refreshAt: number;
}

export function createFlowClient(options: FlowClientOptions): FlowClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const root = options.baseUrl.replace(/\/+$/, '');
  const { auth } = options;

  let cached: CachedToken | null = null;
  let pendingToken: Promise<CachedToken> | null = null;

  async function requestToken(): Promise<CachedToken> {
    if (auth.kind !== 'oauth2') throw new Error('No token endpoint with bearer authentication');
    const operation = 'fetchToken';
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (auth.scope) form.set('scope', auth.scope);
    // RFC 6749 2.3.1: the identifiers are form-encoded before going into the Basic header.
    const basic = Buffer.from(
      `${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`,
    ).toString('base64');
    const requestedAt = now();
    let response: Response;
    try {
      response = await doFetch(auth.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // Nothing was submitted yet, so even a timeout here leaves nothing to search for.
      throw new PlatformError(
        isTimeout(error) ? 'The token endpoint did not answer in time' : 'The token endpoint is unreachable',
        { kind: 'unavailable', operation },
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      const kind: PlatformErrorKind =
        response.status === 400 || response.status === 401 || response.status === 403
          ? 'unauthorized'
          : 'unavailable';
      throw new PlatformError(`The token endpoint answered ${response.status}`, {
        kind,
        operation,
        status: response.status,
        ...(kind === 'unavailable' ? optionalRetryAfter(response, now()) : {}),
      });
    }
    const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success || parsed.data.token_type.toLowerCase() !== 'bearer') {
      throw new PlatformError('The token endpoint answered no bearer token', {
        kind: 'unavailable',
        operation,
        status: response.status,
      });
    }
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    // Renew ahead of the expiry, so that a token does not expire between being read and being checked.
    const margin = Math.min(30_000, lifetimeMs / 10);
    return { token: parsed.data.access_token, refreshAt: requestedAt + lifetimeMs - margin };
  }

  async function bearer(): Promise<string> {
    if (auth.kind === 'bearer') return auth.token;
    if (cached && now() < cached.refreshAt) return cached.token;
    // Concurrent calls share one token request.
    pendingToken ??= requestToken().finally(() => {
      pendingToken = null;
    });
    cached = await pendingToken;
    return cached.token;
  }

  function optionalRetryAfter(response: Response, at: number): { retryAfterMs?: number } {
    const value = retryAfter(response.headers.get('retry-after'), at);
    return value === undefined ? {} : { retryAfterMs: value };
  }

  async function failure(response: Response, operation: string, requestId: string): Promise<PlatformError> {
    const text = await response.text().catch(() => '');
    let body: { errorCode?: string; errorMessage?: string | null | undefined } = {};
    try {
      const parsed = platformErrorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) body = parsed.data;
    } catch {
      // Not the standard's Error body (a proxy's HTML page, say): the status alone decides.
    }
    const { status } = response;
    const kind: PlatformErrorKind =
      status === 401 || status === 403
        ? 'unauthorized'
        : status === 429 || status >= 500
          ? 'unavailable'
          : 'rejected';
    const detail = body.errorCode
      ? ` (${body.errorCode}${body.errorMessage ? `: ${body.errorMessage}` : ''})`
      : '';
    return new PlatformError(`The platform answered ${status} to ${operation}${detail}`, {
      kind,
      operation,
      status,
      requestId,
      ...(body.errorCode ? { platformCode: body.errorCode } : {}),
      ...(body.errorMessage ? { platformMessage: body.errorMessage } : {}),
      ...(kind === 'unavailable' ? optionalRetryAfter(response, now()) : {}),
    });
  }

  /**
   * One call to the Flow Service. `makeBody` is called per attempt: a request body stream is consumed by
   * the first attempt, and a 401 with OAuth2 is retried once with a fresh token (the platform may have
   * revoked the one we cached).
   */
  async function call(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    makeBody: (() => NonNullable<RequestInit['body']>) | null,
    headers: Record<string, string>,
    /** Whether the call creates something: a lost connection then leaves its outcome unknown. */
    creates: boolean,
  ): Promise<{ response: Response; requestId: string }> {
    for (let attempt = 0; ; attempt++) {
      const requestId = randomUUID();
      const token = await bearer();
      let response: Response;
      try {
        response = await doFetch(`${root}${path}`, {
          method,
          headers: {
            ...headers,
            authorization: `Bearer ${token}`,
            'request-id': requestId,
            ...(options.organizationId ? { 'organization-id': options.organizationId } : {}),
          },
          ...(makeBody ? { body: makeBody() } : {}),
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw networkFailure(error, operation, requestId, creates);
      }
      if (response.status === 401 && auth.kind === 'oauth2' && attempt === 0) {
        await response.body?.cancel();
        cached = null;
        continue;
      }
      if (!response.ok) throw await failure(response, operation, requestId);
      return { response, requestId };
    }
  }

  function networkFailure(
    error: unknown,
    operation: string,
    requestId: string,
    creates: boolean,
  ): PlatformError {
    if (isTimeout(error)) {
      return new PlatformError(
        `The platform did not answer ${operation} within ${options.timeoutMs} ms${creates ? ': it may have accepted it' : ''}`,
        { kind: 'timeout', operation, requestId },
      );
    }
    const code = errorCode(error);
    if ((code && notSentCodes.has(code)) || !creates) {
      return new PlatformError(`The platform is unreachable (${code ?? 'network error'})`, {
        kind: 'unavailable',
        operation,
        requestId,
      });
    }
    return new PlatformError(
      `The connection was lost during ${operation} (${code ?? 'network error'}): the platform may have accepted it`,
      { kind: 'timeout', operation, requestId },
    );
  }

  /** Reads a JSON answer within the same deadline, mapping a cut-off body like any network failure. */
  async function json(
    { response, requestId }: { response: Response; requestId: string },
    operation: string,
    creates: boolean,
  ): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      if (error instanceof SyntaxError) {
        throw new PlatformError(`The platform answered ${operation} with something other than JSON`, {
          kind: 'unavailable',
          operation,
          status: response.status,
          requestId,
        });
      }
      throw networkFailure(error, operation, requestId, creates);
    }
  }

  function unexpected(operation: string, status: number): PlatformError {
    return new PlatformError(`The platform's answer to ${operation} is not the standard's shape`, {
      kind: 'unavailable',
      operation,
      status,
    });
  }

  async function submitFlow(input: SubmitFlowInput): Promise<FullFlowInfo> {
    const operation = 'submitFlow';
    if (!flowIdSchema.safeParse(input.trackingId).success) {
      throw new Error('trackingId must be 1 to 36 characters');
    }
    if (!/^[a-f0-9]{64}$/.test(input.sha256)) throw new Error('sha256 must be 64 lowercase hex digits');
    const flowInfo = {
      trackingId: input.trackingId,
      name: input.fileName,
      flowSyntax: input.syntax,
      sha256: input.sha256,
      ...(input.profile ? { flowProfile: input.profile } : {}),
      ...(input.processingRule ? { processingRule: input.processingRule } : {}),
    };
    const form = new FormData();
    form.append('flowInfo', new Blob([JSON.stringify(flowInfo)], { type: 'application/json' }));
    // A copy: the caller's buffer may be a view on a larger one, and Blob must not see past it.
    form.append('file', new Blob([input.file.slice()], { type: contentTypes[input.syntax] }), input.fileName);
    // Encoded to bytes up front rather than sent as FormData: fetch streams a FormData body, and when the
    // connection dies under that stream (a kept-alive socket the platform closed) Node's fetch leaves an
    // unhandled rejection behind, which ends the process.
    const encoded = new Response(form);
    const multipart = new Uint8Array(await encoded.arrayBuffer());
    const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
    const answer = await call(
      operation,
      'POST',
      '/v1/flows',
      () => multipart,
      { accept: 'application/json', 'content-type': contentType },
      true,
    );
    const parsed = fullFlowInfoSchema.safeParse(await json(answer, operation, true));
    if (!parsed.success) throw unexpected(operation, answer.response.status);
    return parsed.data;
  }

  async function getFlow(flowId: string, docType: DocType = 'Metadata'): Promise<Flow | FlowFile> {
    const operation = 'getFlow';
    if (!flowIdSchema.safeParse(flowId).success) throw new Error('flowId must be 1 to 36 characters');
    const path = `/v1/flows/${encodeURIComponent(flowId)}?docType=${docType}`;
    const accept = docType === 'Metadata' ? 'application/json' : '*/*';
    const answer = await call(operation, 'GET', path, null, { accept }, false);
    const { response } = answer;
    if (docType === 'Metadata') {
      const parsed = flowSchema.safeParse(await json(answer, operation, false));
      if (!parsed.success) throw unexpected(operation, response.status);
      return parsed.data;
    }
    let content: Uint8Array;
    try {
      content = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw networkFailure(error, operation, answer.requestId, false);
    }
    return {
      content,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      fileName: fileNameOf(response.headers.get('content-disposition')),
    };
  }

  async function searchFlows(input: SearchFlowsInput): Promise<FlowPage> {
    const operation = 'searchFlows';
    const limit = input.limit ?? 25;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error('limit must be 1 to 100');
    const updatedAfter = input.cursor ?? (input.updatedAfter ? isoOf(input.updatedAfter) : undefined);
    const direction = input.direction === undefined ? undefined : [input.direction].flat();
    const where = {
      ...(updatedAfter ? { updatedAfter } : {}),
      ...(input.updatedBefore ? { updatedBefore: isoOf(input.updatedBefore) } : {}),
      ...(input.trackingId ? { trackingId: input.trackingId } : {}),
      ...(direction ? { flowDirection: direction } : {}),
      ...(input.flowTypes ? { flowType: input.flowTypes } : {}),
      ...(input.processingRules ? { processingRule: input.processingRules } : {}),
      ...(input.ackStatus ? { ackStatus: input.ackStatus } : {}),
    };
    // The standard requires at least one criterion; "everything" is everything updated since the epoch.
    if (Object.keys(where).length === 0) Object.assign(where, { updatedAfter: new Date(0).toISOString() });
    const body = JSON.stringify({ limit, where });
    const answer = await call(
      operation,
      'POST',
      '/v1/flows/search',
      () => body,
      { 'content-type': 'application/json', accept: 'application/json' },
      false,
    );
    const parsed = searchFlowContentSchema.safeParse(await json(answer, operation, false));
    if (!parsed.success) throw unexpected(operation, answer.response.status);
    const flows = parsed.data.results;
    // The standard pages by update time alone: the next page is what was updated after the last result.
    const last = flows.at(-1);
    return { flows, nextCursor: flows.length >= limit && last ? last.updatedAt : null };
  }

  async function healthcheck(): Promise<void> {
    const { response } = await call('healthcheck', 'GET', '/v1/healthcheck', null, {}, false);
    await response.body?.cancel();
  }

  async function submitLifecycleStatus(input: SubmitLifecycleStatusInput): Promise<FullFlowInfo> {
    if (!sentStatuses.has(input.status)) {
      throw new Error(`Status ${input.status} is set by the platforms, not sent by a company`);
    }
    const { trackingId, ...message } = input;
    const file = new TextEncoder().encode(buildLifecycleMessage(message));
    return submitFlow({
      file,
      fileName: `${trackingId}.xml`,
      syntax: 'CDAR',
      trackingId,
      sha256: createHash('sha256').update(file).digest('hex'),
    });
  }

  return {
    submitFlow,
    getFlow: getFlow as FlowClient['getFlow'],
    searchFlows,
    healthcheck,
    submitLifecycleStatus,
  };
}
