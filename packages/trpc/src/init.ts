import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.ts';
import { resolveError } from './errors.ts';

/** An endpoint-specific error response, for the OpenAPI document. */
export interface DocumentedError {
  status: 404 | 409 | 422;
  description: string;
  /** The error body also carries the procedure's result under `data` (a refused batch). */
  withResult?: boolean;
}

export type ProcedureMeta = OpenApiMeta<{
  /** The status of a success when the procedure does not set one at run time (default 200). */
  successStatus?: 200 | 201;
  /** Another success status the procedure may choose at run time, with the same body. */
  alternativeSuccess?: { status: 207; description: string };
  /** Honours the `Idempotency-Key` header (stored result, replay, mismatch, in use). */
  idempotent?: boolean;
  /**
   * Its answer shows a secret once (a webhook endpoint's signing secret): the answer an
   * Idempotency-Key keeps for replays is stored encrypted, like the secret itself.
   */
  answerHoldsSecret?: boolean;
  errors?: DocumentedError[];
  /**
   * REST answers with the document's bytes, not JSON (downloads.ts); tRPC gets them in base64.
   * Several types: the file's own (a supplier invoice's original), one of those.
   */
  download?: { contentType: DownloadContentType | readonly DownloadContentType[] };
}>;

export type DownloadContentType = 'application/pdf' | 'application/xml' | 'application/octet-stream';

/**
 * The tRPC instance: its context, the procedures' meta, and the error formatter. What every
 * procedure goes through before it runs (authentication, scope, rate limit, input text,
 * Idempotency-Key) is in admission.ts.
 */
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // The tRPC wire format stays tRPC's, with the contract's error object under `data.error`,
    // so internal callers read the same codes as REST clients.
    errorFormatter({ shape, error, type, ctx }) {
      const resolved = resolveError(error, type === 'query' ? 'read' : 'write', ctx?.requestId);
      const { stack: _stack, ...data } = shape.data;
      // Fields beside `error` in the REST body (a refused batch's `data`) travel as `extra`.
      const { error: contractError, ...extra } = resolved.body;
      return {
        ...shape,
        message: contractError.message,
        data: {
          ...data,
          httpStatus: resolved.status,
          error: contractError,
          ...(Object.keys(extra).length > 0 ? { extra } : {}),
          requestId: ctx?.requestId,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** The bare procedure builder, for admission.ts only: routers use `scopedProcedure`. */
export const baseProcedure = t.procedure;
