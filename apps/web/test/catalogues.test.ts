import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));
const lingui = fileURLToPath(new URL('../node_modules/@lingui/cli/dist/lingui.js', import.meta.url));

// Every visible string goes through the catalogues: a text in the code that `lingui extract` has
// not written into fr.po and en.po, or an English translation left empty, fails here.
test.each(['sync', 'missing'])('lingui check %s passes', (check) => {
  const result = spawnSync(process.execPath, [lingui, 'check', check], { cwd: web, encoding: 'utf8' });
  expect(`${result.stdout}${result.stderr}`).toContain('PASS');
  expect(result.status).toBe(0);
});
