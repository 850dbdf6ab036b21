import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readOptional } from '@comptoir/config';
import { repoRoot } from '@comptoir/testing';
import type { TestProject } from 'vitest/node';
import './provided.ts';

// Chromium as root in a container, with no network beyond this machine: no sandbox, no GPU,
// none of its background calls home (the browser tests' and the list bench's launch).
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when it is set (a Chromium already on the
 * machine), else the one the @sparticuz/chromium package ships in the lockfile, unpacked once per
 * version under .data/chromium. Nothing is downloaded.
 */
export default async function setup(project: TestProject) {
  project.provide('chromium', await localChromium());
}

/**
 * The Chromium to launch and the FONTCONFIG_PATH to launch it with (none for CHROMIUM_PATH's):
 * what the browser tests are given, and what the app's list bench (bench/web-lists.ts) launches.
 */
export async function localChromium(): Promise<{
  executablePath: string;
  fontConfigPath: string | undefined;
}> {
  const given = readOptional('CHROMIUM_PATH');
  if (given !== undefined) return { executablePath: given, fontConfigPath: undefined };
  const version = chromiumPackageVersion();
  const folder = join(repoRoot, '.data', 'chromium', version);
  if (!existsSync(join(folder, 'chromium'))) await unpack(folder);
  return { executablePath: join(folder, 'chromium'), fontConfigPath: writeFontConfig(folder) };
}

/**
 * A fontconfig of our own: the package's fonts.conf names /tmp/fonts and Lambda's folders, where
 * the fonts are not on this machine. With no font found, Chromium aborts on the first text it
 * lays out (Skia's "Not implemented"); a machine that happened to have /tmp/fonts hid it.
 */
function writeFontConfig(folder: string): string {
  const config = join(folder, 'fontconfig');
  mkdirSync(config, { recursive: true });
  const dirs = [join(folder, 'fonts', 'fonts'), '/usr/share/fonts', '/usr/local/share/fonts']
    .filter((dir) => existsSync(dir))
    .map((dir) => `  <dir>${dir}</dir>`);
  writeFileSync(
    join(config, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs.join('\n')}\n  <cachedir>${join(config, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return config;
}

/** The version of @sparticuz/chromium in the lockfile (its package.json is not exported). */
function chromiumPackageVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const manifest: unknown = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
  if (
    typeof manifest === 'object' &&
    manifest !== null &&
    'version' in manifest &&
    typeof manifest.version === 'string'
  )
    return manifest.version;
  throw new Error('@sparticuz/chromium has no version in its package.json');
}

/**
 * The package unpacks into the temporary folder: it is pointed at a folder of its own, then that
 * folder is moved into place whole, so an interrupted unpack is never mistaken for a Chromium.
 */
async function unpack(folder: string): Promise<void> {
  const partial = `${folder}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    await chromium.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  try {
    renameSync(partial, folder);
  } catch (error) {
    // Another run unpacked the same version first: keep theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(folder, 'chromium'))) throw error;
  }
}
