import { createHash } from 'node:crypto';
import type { AppRouter } from '@comptoir/trpc';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

export interface ComptoirClientOptions {
  /** Base URL of the API, e.g. `http://127.0.0.1:3000` (the client adds `/trpc`). */
  url: string;
  apiKey: string;
}

/** Per-call options: `client.stockMovements.applyBatch.mutate(input, { context: { idempotencyKey } })`. */
export interface ComptoirCallContext {
  /**
   * Sent as `Idempotency-Key`, honoured by the record creations, every update and transition of
   * the internal procedures (invoices, quotes, opportunities, contacts, companies, products,
   * workspace), quotes.send, products.adjust and stockMovements.applyBatch: a retry with the same
   * key gets the first answer instead of acting twice.
   */
  idempotencyKey?: string;
}

/** The typed client internal TypeScript apps use: the same procedures as the REST API, over tRPC. */
export function createComptoirClient(options: ComptoirClientOptions) {
  const url = `${options.url.replace(/\/$/, '')}/trpc`;
  const authorization = `Bearer ${options.apiKey}`;
  return createTRPCClient<AppRouter>({
    links: [
      // A call with an Idempotency-Key travels alone: a batch shares one set of headers.
      splitLink({
        condition: (op) => typeof (op.context as ComptoirCallContext).idempotencyKey === 'string',
        true: httpLink({
          url,
          headers: ({ op }) => ({
            authorization,
            'idempotency-key': (op.context as ComptoirCallContext).idempotencyKey ?? '',
          }),
        }),
        false: httpBatchLink({ url, headers: () => ({ authorization }) }),
      }),
    ],
  });
}

export type ComptoirClient = ReturnType<typeof createComptoirClient>;
export type ComptoirInputs = inferRouterInputs<AppRouter>;
export type ComptoirOutputs = inferRouterOutputs<AppRouter>;

/** The contract's error object carried by a failed call (`code`, `message`, `details`). */
export interface ComptoirErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

export interface ComptoirError extends ComptoirErrorBody {
  httpStatus: number;
  /** What the REST body carries beside `error`, e.g. a refused batch's `data`. */
  extra?: Record<string, unknown>;
}

export function comptoirErrorOf(error: unknown): ComptoirError | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as
    | { error?: ComptoirErrorBody; httpStatus?: number; extra?: Record<string, unknown> }
    | undefined;
  if (!data?.error) return undefined;
  return { ...data.error, httpStatus: data.httpStatus ?? 0, ...(data.extra ? { extra: data.extra } : {}) };
}

/**
 * Which document to download: an invoice's (or credit note's) PDF or Factur-X XML, a quote's
 * PDF, a supplier invoice's file as received.
 */
export type DocumentRequest =
  | { kind: 'invoice'; id: string; format: 'pdf' | 'xml' }
  | { kind: 'quote'; id: string; format: 'pdf' }
  | { kind: 'supplierInvoice'; id: string; format: 'original' };

export interface DownloadedDocument {
  bytes: Uint8Array;
  /** `INV-2026-00042.pdf`. */
  filename: string;
  /** A supplier's file that could not be read as PDF or XML is `application/octet-stream`. */
  contentType: 'application/pdf' | 'application/xml' | 'application/octet-stream';
  /** Hex SHA-256 of the bytes (the REST ETag). */
  sha256: string;
}

/**
 * A document's bytes, through the typed client (the procedures behind GET /invoices/{id}/pdf,
 * /invoices/{id}/factur-x.xml, /quotes/{id}/pdf and /supplier-invoices/{id}/original). Refusals throw like any call: read them with
 * comptoirErrorOf (409 invoice_not_issued for a draft's XML).
 */
export async function downloadDocument(
  target: ComptoirClient | ComptoirClientOptions,
  request: DocumentRequest,
): Promise<DownloadedDocument> {
  // A client is a proxy whose every property is a procedure path: only options have a string apiKey.
  const client =
    typeof (target as ComptoirClientOptions).apiKey === 'string'
      ? createComptoirClient(target as ComptoirClientOptions)
      : (target as ComptoirClient);
  const { id } = request;
  const { data } =
    request.kind === 'supplierInvoice'
      ? await client.supplierInvoices.original.query({ id })
      : request.kind === 'quote'
        ? await client.quotes.pdf.query({ id })
        : request.format === 'xml'
          ? await client.invoices.facturXXml.query({ id })
          : await client.invoices.pdf.query({ id });
  const decoded = Buffer.from(data.contentBase64, 'base64');
  const bytes = new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  if (createHash('sha256').update(bytes).digest('hex') !== data.sha256) {
    throw new Error(`${data.filename}: the bytes received do not match their SHA-256`);
  }
  return { bytes, filename: data.filename, contentType: data.contentType, sha256: data.sha256 };
}
