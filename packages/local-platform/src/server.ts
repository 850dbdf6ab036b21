import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issuerRoleOf, lifecycleCodes, readCdar, writeCdar } from './cdar.ts';
import { type InvoiceReference, readInvoiceReference } from './invoice.ts';
import {
  type AcknowledgementDetail,
  type ErrorBody,
  type FlowInfo,
  type FlowResource,
  type FlowSyntax,
  flowInfoSchema,
  flowSyntaxSchema,
  searchParamsSchema,
} from './protocol.ts';
import { FlowStore, type StoredFlow } from './store.ts';
import type { DocumentValidator, FailedRule } from './validators.ts';
import { type WebhookDelivery, WebhookSender } from './webhooks.ts';

export interface LocalPlatformOptions {
  /** 0 (the default) for an ephemeral port. */
  port?: number;
  host?: string;
  /** The OAuth2 client credentials the platform accepts. */
  clientId: string;
  clientSecret: string;
  tokenLifetimeSeconds?: number;
  /** Where the platform sends its webhooks (new flows, acknowledgement changes); none when absent. */
  webhookUrl?: string;
  webhookSecret: string;
  /** Waits before each webhook retry (default 0.5 s, 2 s, 10 s, 60 s). */
  webhookRetryDelaysMs?: number[];
  /** Checks each received document; one it fails is rejected (213). */
  validate: DocumentValidator;
  /** Keeps the flows in this directory as well as in memory. */
  directory?: string;
  /** The largest file accepted (default 100 MB, the standard's). */
  maxFileBytes?: number;
}

/** A flow with what the platform knows of it, for tests and the development UI. */
export interface LocalFlow {
  flow: FlowResource;
  file: Uint8Array;
  contentType: string;
  sha256: string;
  invoice: InvoiceReference | null;
  statuses: StoredFlow['statuses'];
  aboutFlowId: string | null;
}

export interface StatusReport {
  /** A lifecycle code, 200 to 213. */
  code: number;
  reason?: { code?: string; text: string };
  payment?: { amount: string; currency: string; date?: string };
}

export interface IncomingFlowInput {
  file: Uint8Array;
  fileName: string;
  syntax: FlowSyntax;
}

export interface FailNextOptions {
  /** The status answered (default 500). */
  status?: number;
  /** Sent as `Retry-After` when given. */
  retryAfterSeconds?: number;
}

export interface LocalPlatform {
  /** The Flow Service root: the flow client's `baseUrl`. */
  url: string;
  /** The OAuth2 token endpoint (client credentials). */
  tokenUrl: string;
  stop(): Promise<void>;
  flows(): LocalFlow[];
  flow(flowId: string): LocalFlow | undefined;
  /** Resolves once every received flow is processed and every webhook delivered or given up. */
  idle(): Promise<void>;
  /** How many requests the token endpoint has answered. */
  tokenRequests(): number;
  /** Forgets every token issued, as when a platform revokes them. */
  revokeTokens(): void;
  webhookDeliveries(): WebhookDelivery[];

  /** Reports a lifecycle status of an invoice flow as its other party (or the platform) would. */
  reportStatus(invoiceFlowId: string, report: StatusReport): Promise<FlowResource>;
  approve(invoiceFlowId: string): Promise<FlowResource>;
  refuse(invoiceFlowId: string, reason: string): Promise<FlowResource>;
  markPaid(
    invoiceFlowId: string,
    payment: { amount: string; currency: string; date?: string },
  ): Promise<FlowResource>;
  /** A supplier's invoice arriving for us. */
  injectIncoming(input: IncomingFlowInput): Promise<FlowResource>;

  faults: {
    /** Refuses connections for this long (the listening socket is closed, then reopened on the same port). */
    down(seconds: number): Promise<void>;
    /** Answers the next `count` Flow Service requests with an error. */
    failNext(count: number, options?: FailNextOptions): void;
    /** Holds the answer to the next flow submission this long, after the flow is accepted and stored. */
    delayNextAcceptance(ms: number): void;
    /** Sends every webhook twice. */
    duplicateWebhooks(on: boolean): void;
  };
}

class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, errorCode: string, errorMessage: string, headers: Record<string, string> = {}) {
    super(errorMessage);
    this.status = status;
    this.body = { errorCode, errorMessage };
    this.headers = headers;
  }
}

const contentTypes: Record<FlowSyntax, string> = {
  CII: 'application/xml',
  UBL: 'application/xml',
  CDAR: 'application/xml',
  FRR: 'application/xml',
  'Factur-X': 'application/pdf',
};

/** The motif of a rejection on the semantic checks (XP Z12-014 "motifs de statuts"). */
const semanticRejection = 'REJ_SEMAN';

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the expected length.
  return timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'FILE_SIZE_EXCEEDED', 'Provided file is too big');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A control request's JSON body; the controls are for tests and the development UI, so unchecked. */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = (await readBody(request, 64 * 1024)).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'The body is not JSON');
  }
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(text);
}

function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

export async function startLocalPlatform(options: LocalPlatformOptions): Promise<LocalPlatform> {
  const host = options.host ?? '127.0.0.1';
  const maxFileBytes = options.maxFileBytes ?? 100 * 1024 * 1024;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const store = new FlowStore(options.directory ?? null);
  const tokens = new Map<string, number>();
  let tokenRequestCount = 0;
  let failures: { remaining: number; status: number; retryAfterSeconds?: number } = {
    remaining: 0,
    status: 500,
  };
  let acceptanceDelayMs = 0;
  let downTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  const webhooks = options.webhookUrl
    ? new WebhookSender({
        url: options.webhookUrl,
        secret: options.webhookSecret,
        retryDelaysMs: options.webhookRetryDelaysMs ?? [500, 2_000, 10_000, 60_000],
        timeoutMs: 10_000,
      })
    : null;

  // Search pages by update time and nothing else, so no two updates may share an instant: each one is
  // at least a millisecond after the previous, restarts included.
  let lastUpdate = Date.parse(store.latestUpdate() ?? '1970-01-01T00:00:00Z');
  function tick(): string {
    lastUpdate = Math.max(Date.now(), lastUpdate + 1);
    return new Date(lastUpdate).toISOString();
  }

  // Received flows are processed one at a time, in order, after the answer: the standard's 202.
  let processing: Promise<void> = Promise.resolve();
  const processingErrors: unknown[] = [];
  function enqueue(task: () => Promise<void>): void {
    processing = processing.then(task).catch((error: unknown) => {
      processingErrors.push(error);
    });
  }

  function notify(flow: FlowResource): void {
    webhooks?.send(flow);
  }

  function setAcknowledgement(stored: StoredFlow, status: 'Ok' | 'Error', details?: AcknowledgementDetail[]) {
    stored.flow = {
      ...stored.flow,
      updatedAt: tick(),
      acknowledgement: details && details.length > 0 ? { status, details } : { status },
    };
    store.save(stored);
    notify(stored.flow);
  }

  /** Writes a CDAR flow about an invoice flow and delivers it to the invoice's owner. */
  function emitStatus(invoiceFlow: StoredFlow, report: StatusReport): FlowResource {
    const invoice = invoiceFlow.invoice;
    if (!invoice)
      throw new HttpError(409, 'NOT_AN_INVOICE', 'The flow is not an invoice the platform could read');
    if (!lifecycleCodes[report.code]) {
      throw new HttpError(400, 'UNKNOWN_STATUS', `Unknown lifecycle code ${String(report.code)}`);
    }
    const at = tick();
    const xml = writeCdar({
      code: report.code,
      invoice,
      receivedAt: invoiceFlow.flow.submittedAt,
      issuedAt: at,
      ...(report.reason ? { reason: report.reason } : {}),
      ...(report.payment ? { payment: report.payment } : {}),
    });
    const file = new TextEncoder().encode(xml);
    const flowId = randomUUID();
    const lifecycle: StoredFlow = {
      flow: {
        flowId,
        submittedAt: at,
        updatedAt: at,
        name: `${invoice.number}-CDV-${report.code}.xml`,
        processingRule: 'B2B',
        processingRuleSource: 'Computed',
        flowSyntax: 'CDAR',
        flowType: invoiceFlow.flow.flowDirection === 'Out' ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC',
        flowDirection: 'In',
        acknowledgement: { status: 'Ok' },
      },
      sha256: sha256Hex(file),
      declaredSha256: null,
      file,
      contentType: 'application/xml',
      invoice: null,
      statuses: [],
      aboutFlowId: invoiceFlow.flow.flowId,
    };
    store.save(lifecycle);
    invoiceFlow.statuses.push({
      code: report.code,
      at,
      reason: report.reason?.text ?? null,
      lifecycleFlowId: flowId,
    });
    store.save(invoiceFlow);
    notify(lifecycle.flow);
    return lifecycle.flow;
  }

  async function processInvoice(stored: StoredFlow): Promise<void> {
    const { flow } = stored;
    const duplicate = flow.trackingId
      ? store
          .all()
          .find(
            (other) =>
              other !== stored &&
              other.flow.flowDirection === 'Out' &&
              other.flow.trackingId === flow.trackingId &&
              other.flow.acknowledgement.status !== 'Error',
          )
      : undefined;
    const technical: AcknowledgementDetail | null =
      stored.file.length === 0
        ? { level: 'Error', item: flow.name, reasonCode: 'EmptyFlow', reasonMessage: 'The file is empty' }
        : stored.declaredSha256 && stored.declaredSha256 !== stored.sha256
          ? {
              level: 'Error',
              item: 'sha256',
              reasonCode: 'ChecksumMismatch',
              reasonMessage: `The file's SHA-256 is ${stored.sha256}, not the one declared`,
            }
          : duplicate
            ? {
                level: 'Error',
                item: flow.trackingId ?? flow.flowId,
                reasonCode: 'AlreadyExistingFlow',
                reasonMessage: `Flow ${duplicate.flow.flowId} has the same trackingId`,
              }
            : null;
    if (technical) {
      setAcknowledgement(stored, 'Error', [technical]);
      return;
    }
    const validation = await options.validate(stored.file, flow.flowSyntax);
    const invoice =
      flow.flowSyntax === 'FRR' ? null : await readInvoiceReference(stored.file, flow.flowSyntax);
    stored.invoice = invoice;
    let failed: FailedRule[] = validation.valid ? [] : validation.failedRules;
    if (!validation.valid && failed.length === 0) {
      failed = [{ id: 'LOCAL-INVALID', message: 'The validator refused the document without naming a rule' }];
    }
    if (failed.length === 0 && !invoice && flow.flowSyntax !== 'FRR') {
      failed = [{ id: 'LOCAL-REFERENCE', message: 'The invoice number, issue date or type cannot be read' }];
    }
    if (failed.length > 0) {
      setAcknowledgement(
        stored,
        'Error',
        failed.map((rule) => ({
          level: 'Error',
          item: rule.id,
          reasonCode: semanticRejection,
          reasonMessage: rule.message,
        })),
      );
      if (invoice) {
        emitStatus(stored, {
          code: 213,
          reason: {
            code: semanticRejection,
            text: failed.map((rule) => `${rule.id}: ${rule.message}`).join(' '),
          },
        });
      }
      return;
    }
    setAcknowledgement(stored, 'Ok');
    if (invoice) emitStatus(stored, { code: 200 });
  }

  /** A status we report (a CDAR flow we sent): recorded on the invoice flow it is about. */
  async function processLifecycle(stored: StoredFlow): Promise<void> {
    const validation = await options.validate(stored.file, 'CDAR');
    if (!validation.valid) {
      setAcknowledgement(
        stored,
        'Error',
        validation.failedRules.map((rule) => ({
          level: 'Error',
          item: rule.id,
          reasonCode: 'InvoiceLCRuleError',
          reasonMessage: rule.message,
        })),
      );
      return;
    }
    let statuses: ReturnType<typeof readCdar>;
    try {
      statuses = readCdar(stored.file);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setAcknowledgement(stored, 'Error', [
        { level: 'Error', item: stored.flow.name, reasonCode: 'InvalidSchema', reasonMessage: message },
      ]);
      return;
    }
    const problems: AcknowledgementDetail[] = [];
    const targets: [StoredFlow, (typeof statuses)[number]][] = [];
    for (const status of statuses) {
      // A buyer reports on an invoice it received, a seller on one it sent.
      const direction = status.issuerRole === 'BY' ? 'In' : 'Out';
      const target = store
        .all()
        .filter(
          (candidate) =>
            candidate.invoice?.number === status.invoiceNumber &&
            candidate.flow.flowDirection === direction &&
            candidate.flow.acknowledgement.status !== 'Error',
        )
        .at(-1);
      if (!target) {
        problems.push({
          level: 'Error',
          item: status.invoiceNumber,
          reasonCode: 'InvoiceLCRuleError',
          reasonMessage: `No ${direction === 'In' ? 'received' : 'sent'} invoice ${status.invoiceNumber} on this platform`,
        });
      } else if (issuerRoleOf(status.code) !== status.issuerRole) {
        problems.push({
          level: 'Error',
          item: status.invoiceNumber,
          reasonCode: 'InvoiceLCStatusError',
          reasonMessage: `Status ${status.code} is not set by ${status.issuerRole ?? 'an unnamed party'}`,
        });
      } else {
        targets.push([target, status]);
      }
    }
    if (problems.length > 0) {
      setAcknowledgement(stored, 'Error', problems);
      return;
    }
    for (const [target, status] of targets) {
      target.statuses.push({
        code: status.code,
        at: tick(),
        reason: status.reason,
        lifecycleFlowId: stored.flow.flowId,
      });
      store.save(target);
    }
    stored.aboutFlowId = targets[0]?.[0].flow.flowId ?? null;
    setAcknowledgement(stored, 'Ok');
  }

  function authenticate(request: IncomingMessage): void {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
    if (!token) throw new HttpError(401, 'MISSING_TOKEN', 'A bearer token is required');
    const expiresAt = tokens.get(token);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      tokens.delete(token);
      throw new HttpError(401, 'INVALID_TOKEN', 'The token is unknown or expired');
    }
  }

  async function handleToken(request: IncomingMessage, response: ServerResponse): Promise<void> {
    tokenRequestCount++;
    const form = new URLSearchParams((await readBody(request, 64 * 1024)).toString('utf8'));
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const header = request.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) {
        clientId = decodeURIComponent(decoded.slice(0, colon));
        clientSecret = decodeURIComponent(decoded.slice(colon + 1));
      }
    }
    if (form.get('grant_type') !== 'client_credentials') {
      sendJson(response, 400, { error: 'unsupported_grant_type' });
      return;
    }
    if (
      !clientId ||
      !clientSecret ||
      !sameSecret(clientId, options.clientId) ||
      !sameSecret(clientSecret, options.clientSecret)
    ) {
      sendJson(response, 401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic' });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, Date.now() + tokenLifetimeSeconds * 1000);
    sendJson(
      response,
      200,
      { access_token: token, token_type: 'Bearer', expires_in: tokenLifetimeSeconds },
      { 'cache-control': 'no-store' },
    );
  }

  async function handleSubmit(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data')) {
      throw new HttpError(400, 'INVALID_CONTENT_TYPE', 'A flow is submitted as multipart/form-data');
    }
    // Room for the metadata part and the multipart framing around the largest file accepted.
    const body = await readBody(request, maxFileBytes + 64 * 1024);
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new HttpError(400, 'INVALID_MULTIPART', 'The multipart body cannot be read');
    }
    const file = form.get('file');
    const infoPart = form.get('flowInfo');
    if (!(file instanceof Blob) || infoPart === null) {
      throw new HttpError(400, 'MISSING_REQUIRED_FIELD', 'The parts file and flowInfo are required');
    }
    const infoText = typeof infoPart === 'string' ? infoPart : await infoPart.text();
    let info: FlowInfo;
    try {
      const parsed = flowInfoSchema.safeParse(JSON.parse(infoText));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new HttpError(
          400,
          'INVALID_FLOW_INFO',
          `flowInfo: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`,
        );
      }
      info = parsed.data;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'INVALID_FLOW_INFO', 'flowInfo is not JSON');
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > maxFileBytes)
      throw new HttpError(413, 'FILE_SIZE_EXCEEDED', 'Provided file is too big');
    const now = tick();
    const stored: StoredFlow = {
      flow: {
        flowId: randomUUID(),
        submittedAt: now,
        updatedAt: now,
        ...(info.trackingId ? { trackingId: info.trackingId } : {}),
        name: info.name,
        processingRule: info.processingRule ?? (info.flowSyntax === 'CDAR' ? 'NotApplicable' : 'B2B'),
        processingRuleSource: info.processingRule ? 'Input' : 'Computed',
        flowSyntax: info.flowSyntax,
        ...(info.flowProfile ? { flowProfile: info.flowProfile } : {}),
        flowType: flowTypeOf(info.flowSyntax, bytes),
        flowDirection: 'Out',
        acknowledgement: { status: 'Pending' },
      },
      sha256: sha256Hex(bytes),
      declaredSha256: info.sha256 ?? null,
      file: bytes,
      contentType: file.type || contentTypes[info.flowSyntax],
      invoice: null,
      statuses: [],
      aboutFlowId: null,
    };
    store.save(stored);
    enqueue(() => (info.flowSyntax === 'CDAR' ? processLifecycle(stored) : processInvoice(stored)));
    if (acceptanceDelayMs > 0) {
      const delay = acceptanceDelayMs;
      acceptanceDelayMs = 0;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    const { flowId, submittedAt, trackingId, name, processingRule, flowSyntax, flowProfile } = stored.flow;
    sendJson(response, 202, {
      flowId,
      submittedAt,
      ...(trackingId ? { trackingId } : {}),
      name,
      processingRule,
      flowSyntax,
      ...(flowProfile ? { flowProfile } : {}),
      sha256: stored.sha256,
    });
  }

  function flowTypeOf(syntax: FlowSyntax, file: Uint8Array): string {
    if (syntax === 'FRR') return 'MultiFlowReport';
    if (syntax !== 'CDAR') return 'CustomerInvoice';
    // A buyer's status is about an invoice it received: a supplier invoice's lifecycle.
    try {
      return readCdar(file)[0]?.issuerRole === 'BY' ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC';
    } catch {
      return 'CustomerInvoiceLC';
    }
  }

  async function handleSearch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse((await readBody(request, 64 * 1024)).toString('utf8'));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'INVALID_JSON', 'The body is not JSON');
    }
    const parsed = searchParamsSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(
        400,
        'INVALID_CRITERIA',
        issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid',
      );
    }
    const { limit, where } = parsed.data;
    const after = where.updatedAfter ? Date.parse(where.updatedAfter) : null;
    const before = where.updatedBefore ? Date.parse(where.updatedBefore) : null;
    const results = store
      .all()
      .map((stored) => stored.flow)
      .filter((flow) => {
        const updated = Date.parse(flow.updatedAt);
        return (
          (after === null || updated > after) &&
          (before === null || updated < before) &&
          (!where.trackingId || flow.trackingId === where.trackingId) &&
          (!where.flowDirection || where.flowDirection.includes(flow.flowDirection)) &&
          (!where.flowType || where.flowType.includes(flow.flowType)) &&
          (!where.processingRule ||
            (flow.processingRule && where.processingRule.includes(flow.processingRule))) &&
          (!where.ackStatus || flow.acknowledgement.status === where.ackStatus)
        );
      })
      .slice(0, limit);
    sendJson(response, 200, { limit, filters: where, results });
  }

  function handleGet(flowId: string, docType: string, response: ServerResponse): void {
    const stored = store.get(flowId);
    if (!stored) throw new HttpError(404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
    if (docType === 'Metadata') {
      sendJson(response, 200, stored.flow);
      return;
    }
    if (docType !== 'Original') {
      // This platform converts nothing and renders nothing.
      throw new HttpError(404, 'MISSING_RESOURCE', `No ${docType} document for this flow`);
    }
    response.writeHead(200, {
      'content-type': stored.contentType,
      'content-length': String(stored.file.length),
      'content-disposition': `attachment; filename="${asciiFileName(stored.flow.name)}"; filename*=UTF-8''${encodeURIComponent(stored.flow.name)}`,
    });
    response.end(stored.file);
  }

  async function handleControl(
    method: string,
    path: string,
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (method === 'GET' && path === '/_control/flows') {
      sendJson(
        response,
        200,
        store.all().map(({ file, ...rest }) => ({ ...rest, size: file.length })),
      );
      return;
    }
    const statusMatch = /^\/_control\/flows\/([^/]+)\/status$/.exec(path);
    if (method === 'POST' && statusMatch?.[1]) {
      const report = (await readJson(request)) as StatusReport;
      sendJson(response, 201, await platform.reportStatus(decodeURIComponent(statusMatch[1]), report));
      return;
    }
    if (method === 'POST' && path === '/_control/incoming') {
      const syntax = flowSyntaxSchema.safeParse(url.searchParams.get('syntax'));
      if (!syntax.success) throw new HttpError(400, 'INVALID_SYNTAX', 'syntax is CII, UBL or Factur-X');
      const file = new Uint8Array(await readBody(request, maxFileBytes));
      const fileName =
        url.searchParams.get('fileName') ?? `incoming.${syntax.data === 'Factur-X' ? 'pdf' : 'xml'}`;
      sendJson(response, 201, await platform.injectIncoming({ file, fileName, syntax: syntax.data }));
      return;
    }
    if (method === 'POST' && path === '/_control/faults') {
      const faults = (await readJson(request)) as {
        failNext?: number;
        failStatus?: number;
        delayNextAcceptanceMs?: number;
        duplicateWebhooks?: boolean;
        downSeconds?: number;
      };
      if (faults.failNext) platform.faults.failNext(faults.failNext, { status: faults.failStatus ?? 500 });
      if (faults.delayNextAcceptanceMs) platform.faults.delayNextAcceptance(faults.delayNextAcceptanceMs);
      if (faults.duplicateWebhooks !== undefined) platform.faults.duplicateWebhooks(faults.duplicateWebhooks);
      response.writeHead(204).end();
      // After the answer, or the caller would never get it.
      if (faults.downSeconds) await platform.faults.down(faults.downSeconds);
      return;
    }
    throw new HttpError(404, 'MISSING_RESOURCE', 'No such control');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local-platform');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    if (path.startsWith('/_control/')) return handleControl(method, path, url, request, response);
    if (path === '/oauth/token' && method === 'POST') return handleToken(request, response);
    if (!path.startsWith('/flow-service/v1/'))
      throw new HttpError(404, 'MISSING_RESOURCE', 'No such resource');
    if (failures.remaining > 0) {
      failures.remaining--;
      const headers: Record<string, string> =
        failures.retryAfterSeconds !== undefined ? { 'retry-after': String(failures.retryAfterSeconds) } : {};
      throw new HttpError(
        failures.status,
        failures.status === 429
          ? 'TOO_MANY_REQUESTS'
          : failures.status === 503
            ? 'RESOURCE_ERROR'
            : 'INTERNAL_ERROR',
        'Injected failure',
        headers,
      );
    }
    authenticate(request);
    const route = path.slice('/flow-service'.length);
    if (route === '/v1/healthcheck' && method === 'GET') {
      response.writeHead(200).end();
      return;
    }
    if (route === '/v1/flows' && method === 'POST') return handleSubmit(request, response);
    if (route === '/v1/flows/search' && method === 'POST') return handleSearch(request, response);
    const get = /^\/v1\/flows\/([^/]+)$/.exec(route);
    if (get?.[1] && method === 'GET') {
      const flowId = decodeURIComponent(get[1]);
      if (flowId.length > 36)
        throw new HttpError(400, 'INVALID_FLOW_ID', 'A flow id is at most 36 characters');
      const docType = url.searchParams.get('docType') ?? 'Metadata';
      if (!['Metadata', 'Original', 'Converted', 'ReadableView'].includes(docType)) {
        throw new HttpError(
          400,
          'INVALID_DOC_TYPE',
          'docType is Metadata, Original, Converted or ReadableView',
        );
      }
      handleGet(flowId, docType, response);
      return;
    }
    throw new HttpError(404, 'MISSING_RESOURCE', 'No such resource');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (error instanceof HttpError) {
        sendJson(response, error.status, error.body, error.headers);
        return;
      }
      processingErrors.push(error);
      sendJson(response, 500, { errorCode: 'INTERNAL_ERROR', errorMessage: 'Internal error' });
    });
  });

  function listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  }

  function close(): Promise<void> {
    if (!server.listening) return Promise.resolve();
    return new Promise((resolve) => {
      server.close(() => resolve());
      // Open keep-alive connections would otherwise keep answering while "down".
      server.closeAllConnections();
    });
  }

  const port = await listen(options.port ?? 0);
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  function invoiceFlow(flowId: string): StoredFlow {
    const stored = store.get(flowId);
    if (!stored) throw new HttpError(404, 'MISSING_RESOURCE', `No flow ${flowId}`);
    if (!stored.invoice)
      throw new HttpError(409, 'NOT_AN_INVOICE', `Flow ${flowId} is not a readable invoice`);
    return stored;
  }

  function view(stored: StoredFlow): LocalFlow {
    return {
      flow: stored.flow,
      file: stored.file,
      contentType: stored.contentType,
      sha256: stored.sha256,
      invoice: stored.invoice,
      statuses: [...stored.statuses],
      aboutFlowId: stored.aboutFlowId,
    };
  }

  const platform: LocalPlatform = {
    url: `${origin}/flow-service`,
    tokenUrl: `${origin}/oauth/token`,
    async stop() {
      stopped = true;
      if (downTimer) clearTimeout(downTimer);
      webhooks?.stop();
      await close();
      await processing;
      await webhooks?.settled();
    },
    flows: () => store.all().map(view),
    flow: (flowId) => {
      const stored = store.get(flowId);
      return stored ? view(stored) : undefined;
    },
    async idle() {
      // Processing may send webhooks and a webhook retry may not start new processing, so one pass each.
      await processing;
      await webhooks?.settled();
      if (processingErrors.length > 0) throw processingErrors[0];
    },
    tokenRequests: () => tokenRequestCount,
    revokeTokens: () => tokens.clear(),
    webhookDeliveries: () => [...(webhooks?.deliveries ?? [])],
    async reportStatus(flowId, report) {
      await processing;
      return emitStatus(invoiceFlow(flowId), report);
    },
    approve(flowId) {
      return platform.reportStatus(flowId, { code: 205 });
    },
    refuse(flowId, reason) {
      return platform.reportStatus(flowId, { code: 210, reason: { text: reason } });
    },
    markPaid(flowId, payment) {
      return platform.reportStatus(flowId, { code: 212, payment });
    },
    async injectIncoming(input) {
      const now = tick();
      const stored: StoredFlow = {
        flow: {
          flowId: randomUUID(),
          submittedAt: now,
          updatedAt: now,
          name: input.fileName,
          processingRule: 'B2B',
          processingRuleSource: 'Computed',
          flowSyntax: input.syntax,
          flowType: 'SupplierInvoice',
          flowDirection: 'In',
          acknowledgement: { status: 'Ok' },
        },
        sha256: sha256Hex(input.file),
        declaredSha256: null,
        file: input.file,
        contentType: contentTypes[input.syntax],
        invoice: await readInvoiceReference(input.file, input.syntax),
        statuses: [],
        aboutFlowId: null,
      };
      stored.statuses.push({ code: 203, at: now, reason: null, lifecycleFlowId: null });
      store.save(stored);
      notify(stored.flow);
      return stored.flow;
    },
    faults: {
      async down(seconds) {
        if (downTimer) clearTimeout(downTimer);
        await close();
        downTimer = setTimeout(() => {
          downTimer = null;
          if (!stopped) listen(port).catch((error: unknown) => processingErrors.push(error));
        }, seconds * 1000);
      },
      failNext(count, failOptions = {}) {
        failures = {
          remaining: count,
          status: failOptions.status ?? 500,
          ...(failOptions.retryAfterSeconds !== undefined
            ? { retryAfterSeconds: failOptions.retryAfterSeconds }
            : {}),
        };
      },
      delayNextAcceptance(ms) {
        acceptanceDelayMs = ms;
      },
      duplicateWebhooks(on) {
        if (webhooks) webhooks.duplicate = on;
      },
    },
  };
  return platform;
}
