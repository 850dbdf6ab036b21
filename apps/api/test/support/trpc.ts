import { type ComptoirError, comptoirErrorOf } from '@comptoir/client';
import { TRPCClientError } from '@trpc/client';
import { expect } from 'vitest';
import type { TestApi } from '../harness.ts';
import { type Answer, type ApiError, answerOf } from './http.ts';

/** The body of a failed tRPC call: tRPC's wire format with the contract's error under `data.error`. */
export interface TrpcErrorBody {
  error: { message: string; data: { httpStatus: number; error: ApiError; extra?: Record<string, unknown> } };
}

/** One tRPC call over plain HTTP (no batching): a query as GET with `?input=`, a mutation as a POST. */
export async function callTrpc<T = unknown>(
  api: TestApi,
  procedure: string,
  type: 'query' | 'mutation',
  input: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response =
    type === 'query'
      ? await api.request(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, {
          headers,
        })
      : await api.request(`/trpc/${procedure}`, { method: 'POST', headers, json: input ?? {} });
  return answerOf<T>(response);
}

/**
 * Expects a failed tRPC call over HTTP: the HTTP status, the same status and the contract's
 * code in `data`, a message; on a 401, `WWW-Authenticate: Bearer`. Returns the contract's error.
 */
export async function expectTrpcError(
  answer: Response | Answer,
  status: number,
  code: string,
): Promise<ApiError> {
  const read = answer instanceof Response ? await answerOf(answer) : answer;
  const body = read.body as TrpcErrorBody;
  expect(read.status, JSON.stringify(body)).toBe(status);
  expect(body.error.data.httpStatus).toBe(status);
  expect(body.error.data.error).toEqual({
    code,
    message: expect.any(String),
    ...(body.error.data.error.details ? { details: expect.any(Array) } : {}),
  });
  if (status === 401) expect(read.headers.get('www-authenticate')).toBe('Bearer');
  return body.error.data.error;
}

/** Awaits a call of the typed client that must fail, and reads the contract's error from it. */
export async function trpcErrorOf(call: Promise<unknown>): Promise<ComptoirError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCClientError);
    const contractError = comptoirErrorOf(error);
    if (!contractError) throw new Error('no contract error in the tRPC error');
    return contractError;
  }
  throw new Error('the call succeeded');
}
