import { appendFileSync } from 'node:fs';
import type { TestApi } from '../harness.ts';
import type { FuzzCase } from './cases.ts';
import { type Expectation, expectationOf } from './expectations.ts';
import { checkAnswer, type InvariantContext, type Violation } from './invariants.ts';
import type { ApiDocument, Operation } from './openapi.ts';
import type { World } from './pool.ts';
import type { RowCounts } from './row-counts.ts';
import {
  describeRequest,
  type RenderContext,
  restRequest,
  send,
  sendRaw,
  trpcRequest,
  type WireAnswer,
  type WireRequest,
} from './send.ts';
import type { TransportCase } from './transport-cases.ts';
import type { Validators } from './validators.ts';

export interface Fuzzer {
  api: TestApi;
  document: ApiDocument;
  world: World;
  validators: Validators;
  invariants: InvariantContext;
  counts: () => Promise<RowCounts>;
  maxBodyBytes: number;
  seed: number;
}

/** Answers by transport and status class (`rest 2xx`), for the run's summary. */
export const tally = new Map<string, number>();

export interface Outcome {
  wire: WireRequest;
  answer: WireAnswer;
  expectation: Expectation;
  violations: Violation[];
}

/** Sends one request, counting rows on each side of it, and checks the answer. */
export async function exchange(
  fuzzer: Fuzzer,
  operation: Operation,
  fuzzCase: FuzzCase,
  wire: WireRequest,
): Promise<Outcome> {
  const { pool } = fuzzer.world;
  const expectation = expectationOf(operation, fuzzCase, wire, {
    validators: fuzzer.validators,
    resolve: pool.resolve,
    isLive: pool.isLive,
    maxBodyBytes: fuzzer.maxBodyBytes,
  });
  const before = await fuzzer.counts();
  const answer = await send(fuzzer.api.baseUrl, wire);
  const after = await fuzzer.counts();
  const violations = checkAnswer(
    { operation, wire, answer, expectation, before, after, unknownField: fuzzCase.unknownField },
    fuzzer.invariants,
  );
  const bucket = `${wire.transport} ${'failure' in answer ? 'no answer' : `${String(answer.status).slice(0, 1)}xx`}`;
  tally.set(bucket, (tally.get(bucket) ?? 0) + 1);
  if ('failure' in answer) {
    violations.push({ kind: 'no-answer', detail: `then GET /healthz: ${await health(fuzzer.api.baseUrl)}` });
  } else {
    remember(fuzzer, operation, fuzzCase, wire, answer);
  }
  return { wire, answer, expectation, violations };
}

/**
 * Runs a case through REST and, when a procedure serves the same route, through tRPC. Returns
 * the failure report, or undefined when every rule held.
 */
export async function runCase(
  fuzzer: Fuzzer,
  operation: Operation,
  fuzzCase: FuzzCase,
): Promise<string | undefined> {
  const context: RenderContext = { resolve: fuzzer.world.pool.resolve, keys: fuzzer.world.keys };
  const wires = [restRequest(operation, fuzzCase, context), trpcRequest(operation, fuzzCase, context)].filter(
    (wire): wire is WireRequest => wire !== undefined,
  );
  const failed: Outcome[] = [];
  for (const wire of wires) {
    const outcome = await exchange(fuzzer, operation, fuzzCase, wire);
    if (outcome.violations.length > 0) failed.push(outcome);
  }
  if (failed.length === 0) return undefined;
  for (const outcome of failed) logFinding(operation.label, fuzzCase.mutation, outcome, fuzzer);
  return failed.map((outcome) => report(operation.label, fuzzCase.mutation, outcome, fuzzer)).join('\n\n');
}

/** GET /healthz: its status, or why it did not answer. */
export async function health(baseUrl: string): Promise<number | string> {
  const answer = await send(baseUrl, {
    transport: 'rest',
    method: 'GET',
    url: '/healthz',
    headers: {},
    body: undefined,
    latin1: false,
  });
  return 'failure' in answer ? answer.failure : answer.status;
}

/** A stand-in operation for requests that name none: only the rules of every answer apply. */
const noOperation: Operation = {
  method: 'GET',
  path: '',
  operationId: '',
  label: '(no operation)',
  resource: '',
  pathParams: [],
  query: [],
  headers: [],
  body: undefined,
  bodyRequired: false,
  responses: new Map(),
  binaryResponses: new Map(),
  procedure: undefined,
};

/**
 * A request below the level of an operation (transport-cases.ts): the rules of every answer,
 * and a refusal (no operation takes it); a raw request must also leave the server answering.
 */
export async function runTransportCase(
  fuzzer: Fuzzer,
  transportCase: TransportCase,
): Promise<string | undefined> {
  let outcome: Outcome;
  if (transportCase.via === 'http') {
    const fuzzCase: FuzzCase = {
      path: {},
      query: [],
      idempotencyKey: undefined,
      auth: { kind: 'valid' },
      body: { kind: 'none' },
      plain: false,
      mutation: transportCase.label,
    };
    outcome = await exchange(fuzzer, noOperation, fuzzCase, transportCase.wire);
  } else {
    const before = await fuzzer.counts();
    const answer = await sendRaw(fuzzer.api.baseUrl, transportCase.text);
    const after = await fuzzer.counts();
    const wire: WireRequest = {
      transport: 'rest',
      method: '(raw)',
      url: JSON.stringify(transportCase.text.slice(0, 200)),
      headers: {},
      body: undefined,
      latin1: false,
    };
    const expectation: Expectation = { refusedWith: undefined, reasons: [], acceptable: false };
    const observation = { operation: noOperation, wire, answer, expectation, before, after };
    const violations = checkAnswer(observation, fuzzer.invariants);
    const status = await health(fuzzer.api.baseUrl);
    if (status !== 200) violations.push({ kind: 'no-answer', detail: `GET /healthz afterwards: ${status}` });
    outcome = { wire, answer, expectation, violations };
  }
  if (!('failure' in outcome.answer) && outcome.answer.status < 400) {
    outcome.violations.push({
      kind: 'not-refused',
      detail: `${outcome.answer.status} for a request no operation takes`,
    });
  }
  if (outcome.violations.length === 0) return undefined;
  logFinding('(transport)', transportCase.label, outcome, fuzzer);
  return report('(transport)', transportCase.label, outcome, fuzzer);
}

/** Real records the case made join the pool; deleted ones are known as deleted. */
function remember(
  fuzzer: Fuzzer,
  operation: Operation,
  fuzzCase: FuzzCase,
  wire: WireRequest,
  answer: WireAnswer,
): void {
  if ('failure' in answer || answer.status < 200 || answer.status >= 300) return;
  const { pool } = fuzzer.world;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return;
  }
  const data = wire.transport === 'trpc' ? (body as { result?: { data?: unknown } }).result?.data : body;
  const id = (data as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (operation.method === 'POST' && operation.pathParams.length === 0 && typeof id === 'string')
    pool.add(operation.resource, id);
  if (operation.method === 'DELETE') {
    const target = fuzzCase.path.id;
    if (target && 'real' in target) pool.markDeleted(pool.resolve(target.real));
  }
}

/** What a reader needs to replay a failure: the seed, the request byte for byte, the answer, the broken rules. */
export function report(
  label: string,
  mutation: string,
  outcome: Outcome,
  fuzzer: Pick<Fuzzer, 'seed' | 'world'>,
): string {
  const { wire, answer, expectation, violations } = outcome;
  const keys = fuzzer.world.keys;
  const request = describeRequest(wire)
    .replaceAll(keys.valid, '<key with every scope>')
    .replaceAll(keys.revoked, '<revoked key>')
    .replaceAll(keys.expired, '<expired key>');
  const got =
    'failure' in answer ? `no answer: ${answer.failure}` : `${answer.status} ${answer.text.slice(0, 500)}`;
  return [
    `${label} over ${wire.transport === 'rest' ? 'REST' : 'tRPC'} (mutation: ${mutation}; FUZZ_SEED=${fuzzer.seed})`,
    request,
    `-> ${got}`,
    ...(expectation.reasons.length > 0 ? [`request judged: ${expectation.reasons.join('; ')}`] : []),
    ...violations.map((violation) => `  x ${violation.kind}: ${violation.detail}`),
  ].join('\n');
}

/** With FUZZ_LOG=<file>, every failure (shrinking steps included) as one JSON line, to sort into classes. */
export function logFinding(
  label: string,
  mutation: string,
  outcome: Outcome,
  fuzzer: Pick<Fuzzer, 'seed' | 'world'>,
): void {
  const file = process.env.FUZZ_LOG;
  if (!file) return;
  const { answer, violations, wire } = outcome;
  appendFileSync(
    file,
    `${JSON.stringify({
      operation: label,
      transport: wire.transport,
      mutation,
      kinds: violations.map((violation) => violation.kind),
      status: 'failure' in answer ? 0 : answer.status,
      report: report(label, mutation, outcome, fuzzer),
      size: (wire.body?.length ?? 0) + wire.url.length,
    })}\n`,
  );
}
