import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repoRoot = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repoRoot), 'utf8');

const dockerfile = read('Dockerfile');
// Instructions, one per entry: continuation lines joined, comments and blank lines dropped.
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim().replace(/\s+/g, ' '))
  .filter((line) => line !== '' && !line.startsWith('#'));
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const pinnedPnpm = /^PNPM_VERSION_PINNED=(\S+)$/m.exec(read('scripts/toolchain.sh'))?.[1];

const indexOf = (pattern: RegExp) => instructions.findIndex((line) => pattern.test(line));

describe('Dockerfile', () => {
  it('builds on node:24-slim', () => {
    const bases = instructions.filter((line) => line.startsWith('FROM '));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^FROM node:24-slim( AS \S+)?$/);
  });

  it('installs the pnpm version that scripts/toolchain.sh pins', () => {
    expect(pinnedPnpm).toMatch(/^10\./);
    expect(dockerfile).toContain(`PNPM_VERSION=${pinnedPnpm}`);
    expect(indexOf(/npm install --global .*"pnpm@\$\{PNPM_VERSION\}"/)).toBeGreaterThan(-1);
  });

  it('installs from the lockfile before copying the sources, with patches in place', () => {
    const install = indexOf(/pnpm install --frozen-lockfile --prod=false/);
    const sources = instructions.lastIndexOf('COPY . .');
    expect(install).toBeGreaterThan(-1);
    expect(sources).toBeGreaterThan(install);
    // The manifest stage keeps exactly what the install reads.
    expect(dockerfile).toMatch(/! -name package\.json/);
    expect(dockerfile).toMatch(/! -path \.\/pnpm-lock\.yaml/);
    expect(dockerfile).toMatch(/! -path \.\/pnpm-workspace\.yaml/);
    expect(dockerfile).toMatch(/! -path '\.\/patches\/\*'/);
  });

  it('runs as an unprivileged user', () => {
    const users = instructions.filter((line) => line.startsWith('USER '));
    expect(users.at(-1)).toBe('USER node');
    expect(indexOf(/^USER node$/)).toBeGreaterThan(indexOf(/pnpm install/));
  });

  it('starts the API by default', () => {
    const cmd = instructions.filter((line) => line.startsWith('CMD ')).at(-1) ?? '';
    const argv = JSON.parse(cmd.slice('CMD '.length)) as string[];
    expect(argv.join(' ')).toBe(rootScripts['start:api']);
  });
});

describe('.dockerignore', () => {
  const entries = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('keeps installed, local and VCS folders out of the build context', () => {
    expect(entries).toEqual(expect.arrayContaining(['node_modules', '.tools', '.data', '.git', '.turbo']));
    expect(entries).toContain('**/node_modules');
  });

  it('never excludes what the image needs', () => {
    for (const needed of [
      'package.json',
      'pnpm-lock.yaml',
      'pnpm-workspace.yaml',
      'patches',
      'apps',
      'packages',
    ]) {
      expect(entries).not.toContain(needed);
    }
  });
});
