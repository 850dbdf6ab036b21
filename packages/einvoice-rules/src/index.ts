/// <reference path="./saxon-js.d.ts" />
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';

// The official validation rule sets of the e-invoice standards (compiled Schematron, XSLT 2),
// run as their publishers wrote them: xslt3 compiles each into a SEF once (about 10 s of CPU
// each), saxon-js runs the SEF on an XML and returns the SVRL report. The rule sets are
// unmodified copies in rules/ (rules/README.md says where each comes from, under which licence;
// rules/SHA256SUMS pins their bytes), so every checkout, CI's clean clone included, has them.
// The compiled SEFs are cached in node_modules/.cache/schematron (which git and biome ignore)
// under a key of the XSLT's SHA-256 and the compiler's version, so that a changed rule set or
// compiler is compiled afresh.

/** The rule sets a CII invoice (a Factur-X's XML included) is checked against. */
export type CiiRuleSetName = 'en16931' | 'facturX' | 'brFr';
/** Every rule set: the CII ones, and CEN's EN 16931 rules for the UBL 2.1 syntax. */
export type RuleSetName = CiiRuleSetName | 'en16931Ubl';

interface RuleSet {
  folder: string;
  xslt: string;
  /** Files the rules read at run time, relative to the stylesheet: copied beside the SEF. */
  companions: string[];
}

const ruleSets: Record<RuleSetName, RuleSet> = {
  en16931: { folder: 'en16931-cen', xslt: 'EN16931-CII-validation.xslt', companions: [] },
  en16931Ubl: { folder: 'en16931-cen', xslt: 'EN16931-UBL-validation.xslt', companions: [] },
  facturX: {
    folder: 'factur-x-1.07.3',
    xslt: 'FACTUR-X_EN16931.xslt',
    companions: ['FACTUR-X_EN16931_codedb.xml'],
  },
  brFr: {
    folder: 'br-fr-flux2-1.3.0',
    xslt: '20260216_BR-FR-Flux2-Schematron-CII_V1.3.0.xsl',
    companions: [],
  },
};

/** The CII rule sets, in the order reports list them. */
export const RULE_SETS: readonly CiiRuleSetName[] = ['en16931', 'facturX', 'brFr'];

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
/** The rule sets, as published (see rules/README.md). */
export const STANDARDS_FOLDER = join(packageRoot, 'rules');
const CACHE_FOLDER = join(packageRoot, 'node_modules/.cache/schematron');

const require = createRequire(import.meta.url);
const xslt3 = require.resolve('xslt3/xslt3.js');
const xslt3Version = (require('xslt3/package.json') as { version: string }).version;
const run = promisify(execFile);

/** One rule an XML broke (an SVRL failed-assert or successful-report). */
export interface FailedRule {
  id: string;
  /** `fatal` or `error` is a broken rule, `warning` (or `information`) advice. */
  flag: string;
  location: string;
  text: string;
}

export type SchematronReport = Record<CiiRuleSetName, FailedRule[]>;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Writes a file under a temporary name, then renames it into place: a rename within one folder
 * is atomic, so a concurrent reader (another test process) sees the whole file or none.
 */
async function publish(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await write(temporary);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The compiled rule set, its companions beside it: compiled now unless a cached SEF is there. */
async function compiled(name: RuleSetName): Promise<string> {
  const set = ruleSets[name];
  const source = join(STANDARDS_FOLDER, set.folder, set.xslt);
  if (!(await exists(source))) {
    throw new Error(
      `Schematron rule set ${name} not found at ${source}: packages/einvoice-rules/rules/ holds them`,
    );
  }
  const sha256 = createHash('sha256')
    .update(await readFile(source))
    .digest('hex');
  const folder = join(CACHE_FOLDER, `${set.folder}-${sha256}-xslt3-${xslt3Version}`);
  const sef = join(folder, `${set.xslt}.sef.json`);
  await mkdir(folder, { recursive: true });
  // Companions first: a SEF in place means its folder is complete.
  for (const companion of set.companions) {
    const target = join(folder, companion);
    if (!(await exists(target)))
      await publish(target, (temporary) =>
        copyFile(join(STANDARDS_FOLDER, set.folder, companion), temporary),
      );
  }
  if (!(await exists(sef))) {
    await publish(sef, async (temporary) => {
      await run(
        process.execPath,
        [xslt3, `-xsl:${source}`, `-export:${temporary}`, '-nogo', '-relocate:on'],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
    });
  }
  return sef;
}

/** Every rule set there is, the UBL one included. */
export const ALL_RULE_SETS: readonly RuleSetName[] = [...RULE_SETS, 'en16931Ubl'];

/**
 * Makes sure every rule set is compiled into the cache, without loading it: the test command
 * runs this once before the test packages, so no test pays the first compilation (tens of
 * seconds of CPU) within its own timeout.
 */
export async function compileRuleSets(names: readonly RuleSetName[] = ALL_RULE_SETS): Promise<void> {
  await Promise.all(names.map((name) => compiled(name)));
}

interface LoadedRuleSet {
  stylesheet: unknown;
  baseUri: string;
}

const loading = new Map<RuleSetName, Promise<LoadedRuleSet>>();

function loaded(name: RuleSetName): Promise<LoadedRuleSet> {
  let promise = loading.get(name);
  if (promise === undefined) {
    // Parsed once per process: re-reading a 5 MB SEF per validation would double its cost.
    promise = compiled(name).then(async (sef) => ({
      stylesheet: JSON.parse(await readFile(sef, 'utf8')),
      baseUri: pathToFileURL(sef).href,
    }));
    loading.set(name, promise);
  }
  return promise;
}

/**
 * Compiles (or finds in the cache) and loads the rule sets, the CII ones unless told; the first
 * call may take a minute.
 */
export async function prepareRuleSets(names: readonly RuleSetName[] = RULE_SETS): Promise<void> {
  // Compiled side by side: the compiler is single-threaded and spends part of its time reading.
  await Promise.all(names.map((name) => loaded(name)));
}

const SVRL_FAILURES = `
  for $failure in //(svrl:failed-assert | svrl:successful-report)
  return map {
    'id': string($failure/@id),
    'flag': string($failure/@flag),
    'location': string($failure/@location),
    'text': normalize-space(string($failure/svrl:text))
  }`;

/** Every rule of one rule set the XML breaks (warnings included). */
export async function failedRules(name: RuleSetName, xml: string): Promise<FailedRule[]> {
  const { stylesheet, baseUri } = await loaded(name);
  const result = await SaxonJS.transform(
    { stylesheetInternal: stylesheet, stylesheetBaseURI: baseUri, sourceText: xml, destination: 'document' },
    'async',
  );
  const rules = SaxonJS.XPath.evaluate(SVRL_FAILURES, result.principalResult, {
    namespaceContext: { svrl: 'http://purl.oclc.org/dsdl/svrl' },
    resultForm: 'array',
  });
  if (!Array.isArray(rules)) throw new Error(`${name}: the SVRL query did not answer a list`);
  return rules.map((rule: unknown) => {
    const { id, flag, location, text } = rule as Record<keyof FailedRule, unknown>;
    // An assert with no flag is an error (Schematron's default): the Factur-X set flags none.
    return { id: String(id), flag: String(flag) || 'error', location: String(location), text: String(text) };
  });
}

/** Every rule a CII XML breaks, per CII rule set (warnings included). */
export async function schematronReport(xml: string): Promise<SchematronReport> {
  const report = {} as SchematronReport;
  for (const name of RULE_SETS) report[name] = await failedRules(name, xml);
  return report;
}

/** A broken rule: `fatal` or `error`, not advice. */
export const isBroken = (rule: FailedRule) => rule.flag === 'fatal' || rule.flag === 'error';

/** `id (flag)` of each rule the report holds that matches, per rule set, for readable failures. */
export function ruleIds(report: SchematronReport, keep: (rule: FailedRule) => boolean = isBroken) {
  return Object.fromEntries(
    RULE_SETS.map((name) => [name, report[name].filter(keep).map((rule) => `${rule.id} (${rule.flag})`)]),
  ) as Record<CiiRuleSetName, string[]>;
}
