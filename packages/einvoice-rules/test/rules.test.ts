import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STANDARDS_FOLDER } from '../src/index.ts';

// The rule sets are the publishers' files: nobody edits them (rules/README.md).

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(STANDARDS_FOLDER, join(entry.parentPath, entry.name)))
    .filter((path) => !['SHA256SUMS', 'README.md'].includes(path))
    .sort();
}

describe('the rule sets in rules/', () => {
  it('are byte for byte the files SHA256SUMS pins, and nothing else', async () => {
    const pinned = (await readFile(join(STANDARDS_FOLDER, 'SHA256SUMS'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => {
        const [sha256, path] = line.split(/\s+\.\//);
        return { sha256, path };
      });
    expect(pinned.map((entry) => entry.path).sort()).toEqual(await filesUnder(STANDARDS_FOLDER));
    for (const { sha256, path } of pinned) {
      const bytes = await readFile(join(STANDARDS_FOLDER, path as string));
      expect(createHash('sha256').update(bytes).digest('hex'), path).toBe(sha256);
    }
  });

  it('each carry their licence', async () => {
    const files = await filesUnder(STANDARDS_FOLDER);
    for (const folder of ['en16931-cen', 'factur-x-1.07.3', 'br-fr-flux2-1.3.0']) {
      expect(
        files.some((path) => path.startsWith(`${folder}/LICENSE`)),
        folder,
      ).toBe(true);
    }
  });
});
