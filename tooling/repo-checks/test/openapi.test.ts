import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@comptoir/trpc';
import { afterAll, describe, expect, it } from 'vitest';
import { at, type Json } from './json.ts';

const redoclyConfig = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

// The CLI's own entry point (its package.json `bin`), run with this Node.
const redoclyPackageJson = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
const redoclyBin = join(
  dirname(redoclyPackageJson),
  (JSON.parse(readFileSync(redoclyPackageJson, 'utf8')) as { bin: { redocly: string } }).bin.redocly,
);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function redocly(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [redoclyBin, ...args],
      {
        // No telemetry or update check: the test must not reach the network.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: LintProblem[];
}

const workDir = mkdtempSync(join(tmpdir(), 'comptoir-openapi-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Lints a document with the repository's redocly.yaml; one readable line per problem. */
async function lint(document: unknown, name: string): Promise<{ run: CliRun; problems: string[] }> {
  const file = join(workDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const run = await redocly('lint', file, '--config', redoclyConfig, '--format=json', '--max-problems=1000');
  let report: LintReport;
  try {
    report = JSON.parse(run.stdout) as LintReport;
  } catch {
    throw new Error(`redocly lint printed no JSON report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  const problems = report.problems.map(
    (problem) =>
      `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`,
  );
  expect(problems.length).toBe(report.totals.errors + report.totals.warnings);
  return { run, problems };
}

// The document as the API serves it, for a deployment's public base URL (PUBLIC_BASE_URL).
const baseUrl = 'https://comptoir.test/api/v1';
const document = JSON.parse(JSON.stringify(buildOpenApiDocument({ baseUrl }))) as Json;
const listProducts = at(document, 'paths', '/products', 'get');

describe('OpenAPI document', () => {
  it('has a valid redocly.yaml', async () => {
    const run = await redocly('check-config', '--config', redoclyConfig);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  });

  it('passes Redocly lint with no error and no warning', async () => {
    const { run, problems } = await lint(document, 'openapi');
    expect(problems).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('is linted for real: Redocly reports a broken document', async () => {
    const broken = structuredClone(document);
    delete (broken.info as Json).license;
    (at(broken, 'paths', '/products', 'get') as Json).responses = {};
    (
      at(broken, 'paths', '/products/{id}', 'get', 'responses', '404', 'content', 'application/json') as Json
    ).schema = { $ref: '#/components/schemas/Missing' };
    const { run, problems } = await lint(broken, 'broken');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^warn info-license at #\/info/),
        expect.stringMatching(/^warn operation-2xx-response at #\/paths\/~1products\/get\/responses/),
        expect.stringMatching(/^error no-unresolved-refs at .*404.*: Can't resolve \$ref/),
      ]),
    );
    // Errors fail the CLI; the test above also fails on warnings, which the CLI lets through.
    expect(run.code).not.toBe(0);
  });

  it('is OpenAPI 3.1.0, version 1.0.0, for the given base URL', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(at(document, 'info', 'version')).toBe('1.0.0');
    expect(document.servers).toEqual([{ url: baseUrl }]);
  });

  it('declares a bearer security scheme, required by GET /products', () => {
    const schemes = Object.entries(
      (at(document, 'components', 'securitySchemes') ?? {}) as Record<string, Json>,
    );
    const bearer = schemes.filter(
      ([, scheme]) => scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer',
    );
    expect(bearer.map(([name]) => name)).toHaveLength(1);
    const [name] = bearer[0] ?? [];
    expect(at(listProducts, 'security')).toEqual([{ [String(name)]: [] }]);
  });

  it('documents GET /products 200 as a `data` envelope', () => {
    const schema = at(listProducts, 'responses', '200', 'content', 'application/json', 'schema');
    expect(schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['data']),
      properties: { data: { type: 'array', items: expect.anything() } },
    });
  });

  it('documents GET /products 400/401/403/429/500 with the shared Error schema', () => {
    const responses = at(listProducts, 'responses') as Json;
    for (const status of ['400', '401', '403', '429', '500']) {
      expect(at(responses, status, 'content', 'application/json', 'schema'), status).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
    expect(at(document, 'components', 'schemas', 'Error')).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message'] } },
    });
  });

  it('documents Retry-After on 429', () => {
    expect(at(listProducts, 'responses', '429', 'headers', 'Retry-After')).toMatchObject({
      schema: { type: 'integer' },
    });
  });

  it('documents the Idempotency-Key header on every write: the stock writes, the creations, quote updates, sending and deletion, redelivery, and the webhook endpoints’ registration, update, rotation and deletion', () => {
    const idempotent = new Map([
      ['post /products/{id}/adjust', '200'],
      ['post /stock-movements', '200'],
      ['post /invoices', '201'],
      ['post /quotes', '201'],
      ['post /quotes/{id}/send', '200'],
      ['patch /quotes/{id}', '200'],
      ['delete /quotes/{id}', '200'],
      ['post /events/{id}/redeliver', '200'],
      ['post /contacts', '201'],
      ['post /companies', '201'],
      ['post /opportunities', '201'],
      ['post /webhook-endpoints', '201'],
      ['patch /webhook-endpoints/{id}', '200'],
      ['post /webhook-endpoints/{id}/rotate-secret', '200'],
      ['delete /webhook-endpoints/{id}', '200'],
    ]);
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const header = ((operation.parameters as Json[] | undefined) ?? []).find(
          (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
        );
        const success = idempotent.get(`${method} ${path}`);
        if (success) {
          expect(header, path).toMatchObject({ required: false, schema: { minLength: 8, maxLength: 255 } });
          expect(at(operation, 'responses', success, 'headers', 'Idempotent-Replayed'), path).toBeDefined();
          expect(Object.keys(at(operation, 'responses') as Json), path).toEqual(
            expect.arrayContaining(['409', '422']),
          );
        } else {
          expect(header, `${method} ${path}`).toBeUndefined();
        }
      }
    }
  });

  // The 422 is also idempotency_key_mismatch, which carries no result: `data` is optional.
  it('documents POST /stock-movements 200 and 207 with the result, and 422 with the result under data', () => {
    const operation = at(document, 'paths', '/stock-movements', 'post') as Json;
    const ok = at(operation, 'responses', '200', 'content', 'application/json', 'schema');
    expect(at(operation, 'responses', '207', 'content', 'application/json', 'schema')).toEqual(ok);
    const refused = at(operation, 'responses', '422', 'content', 'application/json', 'schema') as Json;
    expect(refused).toEqual({
      allOf: [
        { $ref: '#/components/schemas/Error' },
        { type: 'object', properties: { data: at(ok, 'properties', 'data') } },
      ],
    });
  });

  it('lists every tag it uses, each described', () => {
    const used = new Set<string>();
    for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
      for (const operation of Object.values(item))
        for (const tag of operation.tags as string[]) used.add(tag);
    }
    const declared = (document.tags as { name: string; description: string }[]).map((tag) => tag.name);
    expect(new Set(declared)).toEqual(used);
    expect(declared).toContain('Stock');
  });
});
