import { errorStatus } from '@comptoir/trpc';
import { fc } from '@fast-check/vitest';
import { afterAll, describe, expect, test } from 'vitest';
import { casesFor, unknownFieldCases } from './fuzz/cases.ts';
import { loadDocument } from './fuzz/openapi.ts';
import { seedWorld } from './fuzz/pool.ts';
import { rowCounter } from './fuzz/row-counts.ts';
import { type Fuzzer, health, runCase, runTransportCase, tally } from './fuzz/run.ts';
import { transportCases } from './fuzz/transport-cases.ts';
import { createValidators } from './fuzz/validators.ts';
import { startTestApi } from './harness.ts';

// Issue 12: a fuzzer built from the served OpenAPI document. For every operation it sends
// generated requests (valid ones with one part changed, hostile ones) through REST and through
// tRPC, and checks for each answer: no 5xx; every error in the contract's envelope with a code of
// the table and that code's status; a 4xx writes nothing; a 2xx body matches the document; and
// what the rulings say this request must get. FUZZ_RUNS (default 3,000 cases) and FUZZ_SEED
// replay or lengthen a run (`pnpm fuzz`). A failure is shrunk, and printed with the seed and the
// request byte for byte. FUZZ_LOG=<file> keeps every failure as a JSON line; with FUZZ_SURVEY=1 a
// property does not stop at its first failure (each still fails the test, counted at the end).

const runs = Number(process.env.FUZZ_RUNS ?? 3_000);
const seed = Number(process.env.FUZZ_SEED ?? 20_251_212);
const survey = process.env.FUZZ_SURVEY === '1';
/** fast-check's replay path of a failure (with its seed and `-t` naming the one test): only that case runs. */
const replayPath = process.env.FUZZ_PATH;
/** Rulings ("Envelopes and lists"): a body over 1 MiB answers 413 `payload_too_large`. */
const maxBodyBytes = 1024 * 1024;

const api = await startTestApi({ rateLimitPerMinute: 100_000_000 });
afterAll(async () => {
  const answers = [...tally].map(([bucket, count]) => `${bucket}: ${count}`).join(', ');
  console.log(
    `fuzz: seed ${seed}, ${perProperty * (document.operations.length + 2)} cases (${perProperty} per property); answers ${answers}`,
  );
  await api.close();
});
const document = await loadDocument(api.baseUrl);
const world = await seedWorld(api);
const validators = createValidators(document.openapi);
const fuzzer: Fuzzer = {
  api,
  document,
  world,
  validators,
  invariants: { validators, errorSchema: document.errorSchema, errorStatus },
  counts: rowCounter(api),
  maxBodyBytes,
  seed,
};

/** Cases per operation: the runs shared among the operations, the unknown fields and the transports. */
const perProperty = Math.ceil(runs / (document.operations.length + 2));
/** Long enough for FUZZ_RUNS=50000 on a slow machine; the default run takes well under a minute. */
const timeout = Math.max(60_000, perProperty * 200);

describe('the served OpenAPI document', () => {
  test('has every route of the procedures, each mapped to its tRPC procedure', () => {
    expect(document.operations.length).toBeGreaterThan(20);
    for (const operation of document.operations) expect(operation.procedure, operation.label).toBeDefined();
  });
});

/**
 * Runs a property: the first failure is shrunk and thrown (fast-check's report carries the seed,
 * the path to replay it and our request); in survey mode every failure is counted instead.
 */
async function fuzz<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<string | undefined>,
) {
  let failures = 0;
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        const failure = await check(value);
        if (failure === undefined) return;
        failures++;
        if (!survey) throw new Error(failure);
      }),
      { seed, numRuns: perProperty, ...(replayPath ? { path: replayPath } : {}) },
    );
  } catch (error) {
    // fast-check's report (seed, path, shrunk counterexample, our request as its cause), and how to replay it.
    const failed = error as Error;
    const path = /path: "([^"]*)"/.exec(failed.message)?.[1] ?? '';
    failed.message += `\nReplay: FUZZ_SEED=${seed} FUZZ_PATH=${path} FUZZ_RUNS=${runs} pnpm --filter @comptoir/api exec vitest run test/fuzz.test.ts -t '${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`;
    throw failed;
  }
  expect(failures, 'failed cases (FUZZ_SURVEY=1; each is in FUZZ_LOG)').toBe(0);
}

/** In the document's order, deletions last: the other operations find the records they need. */
const operations = [...document.operations].sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);

describe('fuzzing every operation of the document', () => {
  for (const operation of operations) {
    test(
      `${operation.label}: ${perProperty} generated requests, over REST and tRPC, keep the contract`,
      () =>
        fuzz(`${operation.label}:`, casesFor(operation), (fuzzCase) => runCase(fuzzer, operation, fuzzCase)),
      timeout,
    );
  }
});

describe('fuzzing unknown fields', () => {
  test(
    `every generated body with a field its operation does not define: ${perProperty} requests refused, nothing written`,
    () =>
      fuzz('unknown fields', unknownFieldCases(operations), ({ operation, fuzzCase }) =>
        runCase(fuzzer, operation, fuzzCase),
      ),
    timeout,
  );
});

describe('fuzzing the transports', () => {
  test(
    `malformed URLs, methods, request lines and tRPC inputs: ${perProperty} requests refused in the envelope`,
    () =>
      fuzz(
        'malformed URLs',
        transportCases(document.operations, `Bearer ${world.keys.valid}`),
        (transportCase) => runTransportCase(fuzzer, transportCase),
      ),
    timeout,
  );
});

test('the API still answers after all of it', async () => {
  expect(await health(api.baseUrl)).toBe(200);
});
