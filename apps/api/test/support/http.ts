import { expect } from 'vitest';
import type { TestApi } from '../harness.ts';

/** One field-by-field problem of a validation error. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** The contract's error object. */
export interface ApiError {
  code: string;
  message: string;
  details?: ErrorDetail[];
}

/** The contract's error envelope: `{ "error": { "code", "message", "details?" } }`. */
export interface ErrorBody {
  error: ApiError;
}

export interface Pagination {
  total: number;
  limit: number;
  offset: number;
}

/** A list answer: `{ data: [...], pagination }`. */
export interface ListBody<T> {
  data: T[];
  pagination: Pagination;
}

/** A response read once: its status, its headers and its JSON body. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Reads a response's JSON body (every answer of the API is JSON, errors included, but a document's bytes). */
export async function answerOf<T = unknown>(response: Response): Promise<Answer<T>> {
  if (/^application\/(pdf|xml)/.test(response.headers.get('content-type') ?? '')) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body: bytes as T };
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new Error(`${response.status} answer is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

/** A REST call under /api/v1, read once. */
export async function callApi<T = unknown>(
  api: TestApi,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await api.request(`/api/v1${path}`, {
    method,
    headers,
    ...(json === undefined ? {} : { json }),
  });
  return answerOf<T>(response);
}

/**
 * Expects the contract's error: the status, the code, a message, nothing beside `error` and
 * nothing in it but code, message and details; on a 401, `WWW-Authenticate: Bearer`.
 * Returns the error object.
 */
export async function expectError(
  answer: Response | Answer,
  status: number,
  code: string,
): Promise<ApiError> {
  const read = answer instanceof Response ? await answerOf(answer) : answer;
  const body = read.body as Partial<ErrorBody> | undefined;
  expect(read.status, JSON.stringify(body)).toBe(status);
  expect(body).toEqual({
    error: {
      code,
      message: expect.any(String),
      ...(body?.error?.details ? { details: expect.any(Array) } : {}),
    },
  });
  if (status === 401) expect(read.headers.get('www-authenticate')).toBe('Bearer');
  return body?.error as ApiError;
}

/** 400 `invalid_body` whose details name `path`. */
export async function expectInvalidBody(answer: Response | Answer, path: string): Promise<ApiError> {
  const error = await expectError(answer, 400, 'invalid_body');
  expect(error.details?.map((detail) => detail.path)).toContain(path);
  return error;
}

/** 400 `invalid_request` whose details name the query parameter `parameter`. */
export async function expectInvalidRequest(answer: Response | Answer, parameter: string): Promise<ApiError> {
  const error = await expectError(answer, 400, 'invalid_request');
  expect(error.details?.map((detail) => detail.path)).toContain(parameter);
  return error;
}

/** GET under /api/v1 that must answer 200: its body. */
export async function getOk<T>(api: TestApi, path: string, headers: Record<string, string>): Promise<T> {
  const answer = await callApi<T>(api, 'GET', path, undefined, headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** POST under /api/v1 that must create (201): the record in `data`. */
export async function createOk<T>(
  api: TestApi,
  path: string,
  json: unknown,
  headers: Record<string, string>,
): Promise<T> {
  const answer = await callApi<{ data: T }>(api, 'POST', path, json, headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}
