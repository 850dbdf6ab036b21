import type { Expectation } from './expectations.ts';
import type { Operation, Schema } from './openapi.ts';
import { changedTables, type RowCounts } from './row-counts.ts';
import type { WireAnswer, WireRequest } from './send.ts';
import type { Validators } from './validators.ts';

/** One broken rule: its kind (`5xx`, `wrote-on-4xx`, ...) groups failures into classes. */
export interface Violation {
  kind: string;
  detail: string;
}

export interface Observation {
  operation: Operation;
  wire: WireRequest;
  answer: WireAnswer;
  expectation: Expectation;
  before: RowCounts;
  after: RowCounts;
  /**
   * The path of a field the operation does not define, added to an otherwise valid body: a 400
   * invalid_body must name it (rulings, "Records").
   */
  unknownField?: string | undefined;
}

export interface InvariantContext {
  validators: Validators;
  errorSchema: Schema;
  /** The contract's error table: code -> HTTP status. */
  errorStatus: Record<string, number>;
}

/** Statuses that say "your request is wrong", which a request valid by the document must not get. */
const refusalStatuses = new Set([400, 401, 403, 413, 415]);

/**
 * The rules every answer keeps: no 5xx and an answer at all; every error in the contract's
 * envelope with a code of the table and that code's status; a 4xx writes nothing; a 2xx body
 * matches the document; and what the rulings say this request must get.
 */
export function checkAnswer(observation: Observation, context: InvariantContext): Violation[] {
  const { answer, wire, expectation } = observation;
  if ('failure' in answer) return [{ kind: 'no-answer', detail: answer.failure }];
  const violations: Violation[] = [];
  const { status } = answer;
  if (status >= 500) violations.push({ kind: '5xx', detail: `${status} ${answer.text.slice(0, 300)}` });
  const body = parseJson(answer.text);
  if (status >= 200 && status < 300) violations.push(...checkSuccess(observation, body, context));
  else violations.push(...checkError(observation, body, context));
  const code = contractCode(wire, body);
  if (expectation.refusedWith) {
    const codes = expectation.refusedWith;
    if (status < 400 || (codes !== 'any' && (!code || !codes.includes(code)))) {
      violations.push({
        kind: 'not-refused-as-expected',
        detail: `expected ${codes === 'any' ? 'a refusal' : codes.join(' or ')} (${expectation.reasons.join('; ')}), got ${status} ${code ?? ''}`,
      });
    }
  } else if (expectation.acceptable && refusalStatuses.has(status)) {
    violations.push({
      kind: 'valid-request-refused',
      detail: `the document says this request is valid, got ${status} ${code ?? ''}: ${answer.text.slice(0, 300)}`,
    });
  }
  if (status >= 400 && status < 500) violations.push(...checkNothingWritten(observation));
  if (observation.unknownField !== undefined && code === 'invalid_body') {
    const details = (contractError(wire, body) as { details?: { path?: unknown }[] } | undefined)?.details;
    if (!details?.some((detail) => detail.path === observation.unknownField)) {
      violations.push({
        kind: 'unknown-field-not-named',
        detail: `no detail names ${observation.unknownField}: ${answer.text.slice(0, 300)}`,
      });
    }
  }
  return violations;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Envelope = {
  error?: {
    code?: unknown;
    message?: unknown;
    details?: unknown;
    data?: { httpStatus?: unknown; error?: unknown };
  };
};

/**
 * The contract's error of an answer: `error` on REST, `error.data.error` in tRPC's wire format
 * (the first call's, for a tRPC batch).
 */
function contractError(wire: WireRequest, body: unknown): unknown {
  const single = wire.transport === 'trpc' && Array.isArray(body) ? body[0] : body;
  const error = (single as Envelope | undefined)?.error;
  if (wire.transport === 'trpc' && error?.data?.error !== undefined) return error.data.error;
  return error;
}

function contractCode(wire: WireRequest, body: unknown): string | undefined {
  const code = (contractError(wire, body) as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function checkError(observation: Observation, body: unknown, context: InvariantContext): Violation[] {
  const { answer, wire, operation } = observation;
  if ('failure' in answer) return [];
  const violations: Violation[] = [];
  const error = contractError(wire, body);
  const shown = answer.text.slice(0, 300);
  if (body === undefined || error === null || typeof error !== 'object') {
    return [{ kind: 'not-the-envelope', detail: `${answer.status} ${shown}` }];
  }
  const { code, message, details, ...rest } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string' || Object.keys(rest).length > 0) {
    violations.push({ kind: 'not-the-envelope', detail: `${answer.status} ${shown}` });
  }
  if (details !== undefined && !validDetails(details)) {
    violations.push({ kind: 'not-the-envelope', detail: `details is not [{ path, message }]: ${shown}` });
  }
  if (typeof code === 'string') {
    const tableStatus = context.errorStatus[code];
    if (tableStatus === undefined)
      violations.push({ kind: 'code-not-in-table', detail: `${answer.status} ${code}` });
    else if (tableStatus !== answer.status) {
      violations.push({
        kind: 'status-not-the-codes',
        detail: `${code} is ${tableStatus} in the table, answered ${answer.status}`,
      });
    }
  }
  if (wire.transport === 'trpc') {
    const httpStatus = ((Array.isArray(body) ? body[0] : body) as Envelope).error?.data?.httpStatus;
    if (httpStatus !== undefined && httpStatus !== answer.status) {
      violations.push({
        kind: 'status-not-the-codes',
        detail: `data.httpStatus ${String(httpStatus)}, HTTP ${answer.status}`,
      });
    }
  }
  {
    const schema =
      wire.transport === 'rest'
        ? (operation.responses.get(answer.status) ?? context.errorSchema)
        : context.errorSchema;
    const problems = context.validators.check(schema, wire.transport === 'rest' ? body : { error });
    if (problems.length > 0) {
      violations.push({
        kind: 'error-body-not-as-documented',
        detail: `${answer.status}: ${problems.map((p) => p.text).join('; ')}`,
      });
    }
  }
  if (answer.status === 401 && answer.headers['www-authenticate'] !== 'Bearer') {
    violations.push({
      kind: 'no-www-authenticate',
      detail: `401 with WWW-Authenticate ${String(answer.headers['www-authenticate'])}`,
    });
  }
  return violations;
}

function validDetails(details: unknown): boolean {
  return (
    Array.isArray(details) &&
    details.every(
      (detail) =>
        detail !== null &&
        typeof detail === 'object' &&
        typeof (detail as { path?: unknown }).path === 'string' &&
        typeof (detail as { message?: unknown }).message === 'string',
    )
  );
}

/** A 2xx body against the document's schema for the operation and status (over tRPC, `result.data`). */
function checkSuccess(observation: Observation, body: unknown, context: InvariantContext): Violation[] {
  const { answer, wire, operation } = observation;
  if ('failure' in answer) return [];
  const binary = wire.transport === 'rest' ? operation.binaryResponses.get(answer.status) : undefined;
  if (binary) return checkBinarySuccess(answer, binary);
  if (body === undefined)
    return [{ kind: 'success-not-json', detail: `${answer.status} ${answer.text.slice(0, 200)}` }];
  let schema: Schema | undefined;
  let data: unknown = body;
  if (wire.transport === 'trpc') {
    if (answer.status !== 200)
      return [{ kind: 'trpc-success-status', detail: `tRPC answered ${answer.status}` }];
    data = (body as { result?: { data?: unknown } }).result?.data;
    schema = [...operation.responses].find(([status, found]) => status >= 200 && status < 300 && found)?.[1];
  } else {
    if (!operation.responses.has(answer.status)) {
      return [
        {
          kind: 'undocumented-success-status',
          detail: `${answer.status} is not in the document for ${operation.label}`,
        },
      ];
    }
    schema = operation.responses.get(answer.status);
  }
  if (!schema) return [];
  const problems = context.validators.check(schema, data);
  return problems.length === 0
    ? []
    : [
        {
          kind: 'success-body-not-as-documented',
          detail: problems
            .slice(0, 5)
            .map((problem) => problem.text)
            .join('; '),
        },
      ];
}

/** A document's bytes: not empty, of a media type the document names for that status. */
function checkBinarySuccess(
  answer: Exclude<WireAnswer, { failure: string }>,
  mediaTypes: string[],
): Violation[] {
  const contentType = String(answer.headers['content-type'] ?? '');
  if (!mediaTypes.includes(contentType.split(';')[0]?.trim() ?? '')) {
    return [
      {
        kind: 'success-body-not-as-documented',
        detail: `Content-Type ${contentType}, documented ${mediaTypes.join(', ')}`,
      },
    ];
  }
  return answer.text.length === 0
    ? [{ kind: 'success-body-not-as-documented', detail: 'an empty document' }]
    : [];
}

/**
 * A 4xx writes nothing. The one row it may add: the stored answer of a request with an
 * Idempotency-Key that passed validation (rulings, "Idempotency": 404, 409 and 422 answers are
 * kept and replayed; a 400 stores nothing).
 */
function checkNothingWritten(observation: Observation): Violation[] {
  const { answer, wire, before, after } = observation;
  if ('failure' in answer) return [];
  const changed = changedTables(before, after);
  const keyed = wire.headers['idempotency-key'] !== undefined;
  for (const table of Object.keys(changed)) {
    const stored = (after[table] ?? 0) - (before[table] ?? 0);
    if (table.includes('idempotency') && keyed && answer.status !== 400 && stored === 1)
      delete changed[table];
  }
  return Object.keys(changed).length === 0
    ? []
    : [{ kind: 'wrote-on-4xx', detail: `${answer.status}, rows changed: ${JSON.stringify(changed)}` }];
}
