import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// Run in a fresh Node process: vitest's own module graph already holds the database layer.
const probe = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    loaded.push(resolved.url);
    return resolved;
  },
});
const schemas = await import('@comptoir/core/schemas');
console.log(JSON.stringify({ loaded, exports: Object.keys(schemas) }));
`;

function importSchemasEntry(): { loaded: string[]; exports: string[] } {
  const result = spawnSync(process.execPath, ['--input-type=module', '--eval', probe], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
}

test('the schemas-only entry loads no MikroORM, Kysely, pg nor the database package', () => {
  const { loaded, exports } = importSchemasEntry();
  expect(exports).toEqual(
    expect.arrayContaining([
      'invoiceSchema',
      'invoiceStatusSchema',
      'documentTotals',
      // The identifier checks a client runs as one types (apps/web's company form).
      'siretCheck',
      'vatNumberCheck',
      'identifierChecks',
      'normalizeSiret',
      'normalizeVatNumber',
    ]),
  );
  const database = loaded.filter((url) =>
    /\/@mikro-orm\/|\/node_modules\/(\.pnpm\/)?(kysely|pg)[@/]|\/packages\/db\/src\/(index|entities)\.ts$/.test(
      url,
    ),
  );
  expect(database).toEqual([]);
  // The proof holds only if the probe saw the schemas' own imports.
  expect(loaded.some((url) => url.endsWith('/packages/db/src/enums.ts'))).toBe(true);
});
