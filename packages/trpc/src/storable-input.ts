import { AppError, type ErrorDetail, unstorableText } from '@comptoir/core';
import type { ProcedureMeta } from './init.ts';

/** `{id}` in `/quotes/{id}/send`: the input fields a REST client sends in the path. */
function pathParameters(meta: ProcedureMeta | undefined): Set<string> {
  const path = meta?.openapi?.path ?? '';
  return new Set([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ''));
}

/**
 * Refuses input holding text that cannot be stored (rulings: 400 naming the field, or 404 for
 * a path id: no record can have such an id). Runs on the raw input of every procedure, both
 * transports, before the input schema and before any query.
 */
export function refuseUnstorableText(
  rawInput: unknown,
  meta: ProcedureMeta | undefined,
  type: 'query' | 'mutation' | 'subscription',
): void {
  const details = unstorableText(rawInput);
  if (details.length === 0) return;
  const inPath = pathParameters(meta);
  if (details.some((detail) => inPath.has(detail.path.split('.')[0] ?? ''))) {
    throw new AppError('not_found', 'Resource not found');
  }
  throw unstorableInputError(type === 'query' ? 'invalid_request' : 'invalid_body', details);
}

export function unstorableInputError(
  code: 'invalid_request' | 'invalid_body',
  details: ErrorDetail[],
): AppError {
  return new AppError(code, 'Input that cannot be stored: U+0000, invalid Unicode or too deep', { details });
}
