import type { ErrorCode, ErrorDetail } from '@comptoir/core/schemas';
import { TRPCClientError } from '@trpc/client';

/** The contract's error, as the API's error formatter puts it in a failed call's data. */
export interface ServerError {
  code: ErrorCode | string;
  message: string;
  details: ErrorDetail[];
  httpStatus: number | undefined;
}

/** The API's error inside a failed call, or undefined when the call never reached it. */
export function serverErrorOf(error: unknown): ServerError | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const body = data.error as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof body.code !== 'string') return undefined;
  const httpStatus =
    'httpStatus' in data && typeof data.httpStatus === 'number' ? data.httpStatus : undefined;
  return {
    code: body.code,
    message: typeof body.message === 'string' ? body.message : '',
    details: Array.isArray(body.details) ? (body.details as ErrorDetail[]) : [],
    httpStatus,
  };
}
