/**
 * `pnpm bench`, the app's list screens (issue 33): "on a workspace of 10,000 invoices and 10,000
 * contacts, a list screen answers a filter or a page change in under 150 ms (p95) in the browser".
 *
 * Two workspaces in one database: the large one (10,000 invoices of three lines, by set-based SQL
 * as the scale curve seeds them; 10,000 contacts in 2,000 companies, as the search bench seeds
 * them) and a small one (50 of each) as the baseline of the same run; VACUUM ANALYZE; one owner
 * of both. The real API process (apps/api/src/main.ts) serves the built app (`pnpm build:web`,
 * run first; a build already up to date is kept); Chromium from @sparticuz/chromium, launched as
 * the browser tests launch it, signs in over HTTP (the context's cookie).
 *
 * Each sample loads the screen at its starting URL afresh (so no answer comes from the page's
 * query cache), waits for its rows, then times one interaction inside the page
 * (web-page-timing.ts: performance.now() before the action, a MutationObserver for the moment the
 * new rows are in the DOM). Interactions, interleaved, each on both workspaces in turn:
 *   invoices status filter  from all statuses to PAID, or from PAID to SENT (alternately; SENT, or
 *                           the small workspace's most common other status)
 *   invoices next page      page k to k + 1 (k = 1, 2, …; on the small workspace 1 or 2)
 *   invoices previous page  page k + 1 to k
 *   invoices far page       page 1 to ?page=200 by the URL (the small workspace's last page, 3)
 *   contacts search         a first name typed (a key every 80 ms) on page 1; timed from the URL's
 *                           change, when the search box asks the API (it waits for a 250 ms pause
 *                           in the typing first), the time from the last key reported beside it
 *   contacts next page      page k to k + 1
 * Reported: p50 and p95 (nearest rank) of each, the ratio of the large workspace's p95 to the
 * small one's, the share spent in the tRPC call, and PASS/FAIL against 150 ms at p95 on the large
 * workspace. Then EXPLAIN (ANALYZE, BUFFERS) of the lists' statements on the large workspace.
 * Results in bench/results/web-lists.json; the database is dropped afterwards.
 *
 * Environment: BENCH_WEB_SAMPLES (measured samples of each interaction on each workspace,
 * default 20), BENCH_WEB_WARMUP (samples first discarded, default 2), BENCH_WEB_INVOICES and
 * BENCH_WEB_CONTACTS (10000), BENCH_WEB_SMALL (50), BENCH_WEB_INTERACTIONS=a,b (names as printed),
 * BENCH_WEB_MAX_SECONDS (240: measuring stops after the round that passes it, so a loaded machine
 * takes fewer samples rather than longer), BENCH_KEEP=1 keeps the database `comptoir_bench_web_lists`; DATABASE_URL / REDIS_URL as for
 * every bench. Only 127.0.0.1 is spoken to.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { createUser, createWorkspace, listContacts, listInvoices } from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import { dropDatabase } from '@comptoir/local-services';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { chromiumArgs, localChromium } from '../apps/web/test/browser/chromium-setup.ts';
import { startAppProcess } from './app-process.ts';
import { seedContactsAndCompanies } from './contact-rows.ts';
import { explainStatements } from './explain.ts';
import { insertInvoiceRows, invoiceIdHeads, settleInvoiceSequences } from './invoice-rows.ts';
import { numberSetting, printTable, repoRoot, writeResult } from './lib.ts';
import { benchServices, vacuumAnalyze } from './services.ts';
import { nextFrame, type PageAction, type PageTiming, shownInPage, timeInPage } from './web-page-timing.ts';

const databaseName = 'comptoir_bench_web_lists';
const samples = Math.round(numberSetting('BENCH_WEB_SAMPLES', 20));
const warmup = Math.round(Number(process.env.BENCH_WEB_WARMUP ?? 2));
const largeInvoices = Math.round(numberSetting('BENCH_WEB_INVOICES', 10_000));
const largeContacts = Math.round(numberSetting('BENCH_WEB_CONTACTS', 10_000));
const smallSize = Math.round(numberSetting('BENCH_WEB_SMALL', 50));
const maxMeasureSeconds = numberSetting('BENCH_WEB_MAX_SECONDS', 240);
const chosen = process.env.BENCH_WEB_INTERACTIONS?.split(',').filter((name) => name !== '');
const budgetMs = 150;
const pageSize = 20;
const log = (message: string) => console.log(`[bench web-lists] ${message}`);
const startLoad = os.loadavg().map((value) => Math.round(value * 100) / 100);
const startedAt = performance.now();

// 1. The app's build, as the API serves it.
log('pnpm build:web (kept if up to date)');
execFileSync(process.execPath, [join(repoRoot, 'apps/web/scripts/build.ts')], { stdio: 'inherit' });

// 2. The two workspaces and their owner.
const { postgres, redis, databaseUrl, serverVersion, orm } = await benchServices(databaseName, log);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const seededAt = new Date();
const heads = invoiceIdHeads();
const owner = { email: 'owner@web-lists.bench.test', password: 'mot-de-passe-du-banc-des-listes' };

interface Workspace {
  name: 'large' | 'small';
  id: string;
  invoices: number;
  contacts: number;
  /** Invoices per status, from the list counters. */
  statuses: Record<string, number>;
}

async function seedWorkspace(
  name: Workspace['name'],
  invoices: number,
  contacts: number,
): Promise<Workspace> {
  const workspace = await createWorkspace(orm.em.fork(), { name: `Listes ${name}` });
  // An hour apart, the newest now: under 10,000 a year at this size, well within the five digits.
  const plan = {
    workspaceId: workspace.id,
    heads,
    seededAt,
    spacingSeconds: 3600,
    newest: invoices,
    linesPerInvoice: 3,
  };
  for (let from = 0; from < invoices; from += 50_000)
    await insertInvoiceRows(client, plan, from, Math.min(invoices, from + 50_000));
  await settleInvoiceSequences(client, workspace.id);
  await seedContactsAndCompanies(
    orm.em.fork(),
    workspace.id,
    name === 'large' ? 33 : 34,
    Math.max(1, Math.round(contacts / 5)),
    contacts,
  );
  await createUser(orm.em.fork(), {
    workspaceId: workspace.id,
    email: owner.email,
    password: owner.password,
    role: 'owner',
  });
  const { rows } = await client.query<{ key: string; total: string }>(
    `select key, total from workspace_list_counts where workspace_id = $1 and list = 'invoices'`,
    [workspace.id],
  );
  const statuses = Object.fromEntries(rows.map((row) => [row.key, Number(row.total)]));
  return { name, id: workspace.id, invoices, contacts, statuses };
}

const seedStarted = performance.now();
const large = await seedWorkspace('large', largeInvoices, largeContacts);
const small = await seedWorkspace('small', smallSize, smallSize);
await vacuumAnalyze(databaseUrl);
const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
log(`seeded in ${seedSeconds} s`);

/** The seed as the API would count it: rows, lines, the counters, the numbering. */
async function checkSeed(workspace: Workspace): Promise<Record<string, number>> {
  const { rows } = await client.query<Record<string, string>>(
    `select (select count(*) from invoices where workspace_id = $1) as invoices,
            (select count(*) from invoice_lines where workspace_id = $1) as lines,
            (select coalesce(sum(total), 0) from workspace_list_counts where workspace_id = $1 and list = 'invoices') as invoice_counter,
            (select sum(last_value) from document_sequences where workspace_id = $1 and kind = 'invoice') as numbered,
            (select count(*) from invoices i where workspace_id = $1
                and total <> (select sum(net_amount) from invoice_lines l where l.invoice_id = i.id) * 1.2) as totals_off,
            (select count(*) from contacts where workspace_id = $1) as contacts,
            (select count(*) from companies where workspace_id = $1) as companies`,
    [workspace.id],
  );
  const check = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
  log(`${workspace.name}: ${JSON.stringify(check)}; statuses ${JSON.stringify(workspace.statuses)}`);
  if (
    check.invoices !== workspace.invoices ||
    check.invoice_counter !== workspace.invoices ||
    check.totals_off !== 0
  )
    throw new Error(`the ${workspace.name} workspace's invoices are not as the use cases write them`);
  return check;
}
const seedChecks = { large: await checkSeed(large), small: await checkSeed(small) };

// 3. What is measured: each interaction starts from a URL and does one thing in the page.

interface Interaction {
  name: string;
  caption: string;
  /** The screen's URL before the action, for sample `n` (0-based, warm-up included). */
  start(workspace: Workspace, n: number): string;
  action(workspace: Workspace, n: number): PageAction;
  /** What the page must show afterwards; a sample that does not is an error, not a figure. */
  expected(workspace: Workspace, n: number): { search: Record<string, string>; pageText?: string };
  /**
   * Judged from the URL's change rather than from the action: a search asks the API once typing
   * pauses (SearchInput's 250 ms), which is the screen's design, not its answer time.
   */
  fromUrl?: boolean;
}

const pagesOf = (count: number) => Math.max(1, Math.ceil(count / pageSize));
/** A page k from which k + 1 exists: 1, 2, … on the large workspace, 1 or 2 on the small one. */
const pageFrom = (count: number, n: number) => 1 + (n % Math.max(1, pagesOf(count) - 1));
const invoicesPath = (workspace: Workspace) => `/app/${workspace.id}/invoices`;
const contactsPath = (workspace: Workspace) => `/app/${workspace.id}/contacts`;
const pageSearch = (page: number) => (page === 1 ? '' : `?page=${page}`);

/** Page k to k + 1 of a list by its "Page suivante" link. */
function nextPage(
  name: string,
  caption: string,
  path: (workspace: Workspace) => string,
  count: (workspace: Workspace) => number,
): Interaction {
  return {
    name,
    caption,
    start: (workspace, n) => `${path(workspace)}${pageSearch(pageFrom(count(workspace), n))}`,
    action: () => ({ kind: 'click', text: 'Page suivante' }),
    expected: (workspace, n) => {
      const page = pageFrom(count(workspace), n) + 1;
      return { search: { page: String(page) }, pageText: `Page ${page} sur ${pagesOf(count(workspace))}` };
    },
  };
}

// Contact searches: first names typed in lower case without accents, as people type them; two
// that find contacts in the small workspace too (whose 50 contacts have some first names only).
const searchTerms: string[] = [];
for (const term of [
  'marie',
  'julien',
  'camille',
  'thomas',
  'sophie',
  'nicolas',
  'claire',
  'pierre',
  'helene',
  'lucas',
]) {
  const found = await listContacts(orm.em.fork(), small.id, { q: term, limit: 1, offset: 0 });
  if (found.total > 0) searchTerms.push(term);
  if (searchTerms.length === 2) break;
}
if (searchTerms.length < 2) throw new Error('no two first names find contacts in the small workspace');
const searchTerm = (n: number) => searchTerms[n % 2] ?? 'marie';

// The filter alternates between PAID and the most common other status of the small workspace (SENT
// at 50 invoices), so that both lists have rows on both workspaces.
const otherStatus =
  Object.entries(small.statuses)
    .filter(([status, count]) => status !== 'PAID' && count > 0 && (large.statuses[status] ?? 0) > 0)
    .sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'SENT';
const filterTo = (n: number) => (n % 2 === 0 ? 'PAID' : otherStatus);

const allInteractions: Interaction[] = [
  {
    name: 'invoices status filter',
    caption: 'Factures',
    start: (workspace, n) => `${invoicesPath(workspace)}${n % 2 === 0 ? '' : '?status=PAID'}`,
    action: (_workspace, n) => ({ kind: 'select', label: 'Statut', value: filterTo(n) }),
    expected: (_workspace, n) => ({ search: { status: filterTo(n) } }),
  },
  nextPage('invoices next page', 'Factures', invoicesPath, (workspace) => workspace.invoices),
  {
    name: 'invoices previous page',
    caption: 'Factures',
    start: (workspace, n) => `${invoicesPath(workspace)}?page=${pageFrom(workspace.invoices, n) + 1}`,
    action: () => ({ kind: 'click', text: 'Page précédente' }),
    expected: (workspace, n) => {
      const page = pageFrom(workspace.invoices, n);
      return {
        search: page === 1 ? {} : { page: String(page) },
        pageText: `Page ${page} sur ${pagesOf(workspace.invoices)}`,
      };
    },
  },
  {
    name: 'invoices far page',
    caption: 'Factures',
    start: (workspace) => invoicesPath(workspace),
    action: (workspace) => ({
      kind: 'url',
      search: `?page=${Math.min(200, pagesOf(workspace.invoices))}`,
    }),
    expected: (workspace) => {
      const page = Math.min(200, pagesOf(workspace.invoices));
      return { search: { page: String(page) }, pageText: `Page ${page} sur ${pagesOf(workspace.invoices)}` };
    },
  },
  {
    name: 'contacts search',
    caption: 'Contacts',
    start: (workspace) => contactsPath(workspace),
    action: (_workspace, n) => ({
      kind: 'type',
      label: 'Rechercher un contact',
      text: searchTerm(n),
      keyMs: 80,
    }),
    expected: (_workspace, n) => ({ search: { q: searchTerm(n) } }),
    fromUrl: true,
  },
  nextPage('contacts next page', 'Contacts', contactsPath, (workspace) => workspace.contacts),
];
const interactions = chosen ? allInteractions.filter((one) => chosen.includes(one.name)) : allInteractions;
if (interactions.length === 0)
  throw new Error(`BENCH_WEB_INTERACTIONS names none of: ${allInteractions.map((one) => one.name)}`);

// 4. The API, Chromium, the owner's session.
const app = await startAppProcess('api', {
  DATABASE_URL: databaseUrl,
  REDIS_URL: redis.url,
  RATE_LIMIT_PER_MINUTE: '1000000',
  SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
});
const { executablePath, fontConfigPath } = await localChromium();
const browser = await chromium.launch({
  executablePath,
  args: chromiumArgs,
  env: { ...process.env, ...(fontConfigPath === undefined ? {} : { FONTCONFIG_PATH: fontConfigPath }) },
});
const browserVersion = browser.version();
const context = await browser.newContext({ locale: 'fr-FR', baseURL: app.baseUrl, reducedMotion: 'reduce' });
const signIn = await context.request.post('/api/auth/sign-in/email', {
  data: owner,
  headers: { origin: app.baseUrl },
});
if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()} ${await signIn.text()}`);
const page = await context.newPage();
const problems: string[] = [];
page.on('console', (message) => {
  if (message.type() === 'error') problems.push(message.text());
});
page.on('pageerror', (error) => problems.push(error.message));

/** Loads the starting URL afresh and waits for its rows, then a frame and a task, then times. */
async function sample(interaction: Interaction, workspace: Workspace, n: number): Promise<PageTiming> {
  await page.goto(interaction.start(workspace, n));
  await page.getByRole('table', { name: interaction.caption }).locator('tbody tr').first().waitFor();
  await page.evaluate(nextFrame);
  const timing = await page.evaluate(timeInPage, {
    caption: interaction.caption,
    action: interaction.action(workspace, n),
    timeoutMs: 10_000,
  });
  const expected = interaction.expected(workspace, n);
  const shown = await page.evaluate(shownInPage);
  if (JSON.stringify(shown.search) !== JSON.stringify(expected.search))
    throw new Error(`${interaction.name}: ended at ?${new URLSearchParams(shown.search)}`);
  if (expected.pageText !== undefined && !shown.text.includes(expected.pageText))
    throw new Error(`${interaction.name}: the page does not say "${expected.pageText}"`);
  return timing;
}

interface Series {
  interaction: string;
  workspace: Workspace['name'];
  timings: PageTiming[];
}
const series: Series[] = interactions.flatMap((interaction) =>
  [large, small].map((workspace) => ({
    interaction: interaction.name,
    workspace: workspace.name,
    timings: [],
  })),
);
const measureStarted = performance.now();
const loadBefore = os.loadavg()[0] ?? 0;
let rounds = 0;
for (let n = 0; n < warmup + samples; n++) {
  for (const interaction of interactions) {
    for (const workspace of n % 2 === 0 ? [large, small] : [small, large]) {
      const timing = await sample(interaction, workspace, n);
      if (n >= warmup)
        series
          .find((one) => one.interaction === interaction.name && one.workspace === workspace.name)
          ?.timings.push(timing);
    }
  }
  rounds = n + 1;
  if (rounds % 10 === 0) log(`${rounds} of ${warmup + samples} samples of each`);
  // Bounded in time: a loaded machine stops after the round that passes the limit.
  if (rounds > warmup && performance.now() - measureStarted > maxMeasureSeconds * 1000) {
    log(
      `stopped after ${rounds - warmup} measured samples of each: over BENCH_WEB_MAX_SECONDS (${maxMeasureSeconds} s)`,
    );
    break;
  }
}
const loadAverage = {
  before: Math.round(loadBefore * 100) / 100,
  after: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
};
log(`load average (1 min) ${loadAverage.before} before measuring, ${loadAverage.after} after`);
const measureSeconds = Math.round((performance.now() - measureStarted) / 100) / 10;
await browser.close();
await app.stop();

// 5. Figures and verdicts.

/** Nearest rank: the smallest value with at least `share` of the values at or below it. */
function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}
const round1 = (value: number) => Math.round(value * 10) / 10;
/** The figures of one interaction on one workspace; `fromUrl`: judged from the URL's change. */
function summary(timings: PageTiming[], fromUrl: boolean) {
  const judged = timings.map((one) => (fromUrl ? (one.afterUrlMs ?? one.ms) : one.ms));
  const p50Of = (values: number[]) => round1(percentile(values, 0.5));
  return {
    p50: p50Of(judged),
    p95: round1(percentile(judged, 0.95)),
    max: round1(Math.max(...judged)),
    /** From the action itself (for a search, the last key: the 250 ms pause included). */
    fromActionP50: p50Of(timings.map((one) => one.ms)),
    callP50: p50Of(timings.map((one) => one.callMs ?? 0)),
    /** In the page before the call starts (the router), and after its last byte (React, the DOM). */
    beforeCallP50: p50Of(timings.map((one) => one.beforeCallMs ?? 0)),
    afterCallP50: p50Of(timings.map((one) => one.afterCallMs ?? 0)),
    samples: timings.length,
    callsPerSample: round1(timings.reduce((sum, one) => sum + one.calls, 0) / Math.max(1, timings.length)),
    rows: percentile(
      timings.map((one) => one.rows),
      0.5,
    ),
  };
}
const verdicts = interactions.map((interaction) => {
  const of = (name: Workspace['name']) =>
    summary(
      series.find((one) => one.interaction === interaction.name && one.workspace === name)?.timings ?? [],
      interaction.fromUrl === true,
    );
  const onLarge = of('large');
  const onSmall = of('small');
  return {
    interaction: interaction.name,
    from: interaction.fromUrl ? 'the URL' : 'the action',
    large: onLarge,
    small: onSmall,
    ratioP95: Math.round((onLarge.p95 / Math.max(0.1, onSmall.p95)) * 100) / 100,
    budgetMs,
    pass: onLarge.p95 < budgetMs,
  };
});
const recordsOf = (interaction: string, workspace: Workspace) =>
  interaction.startsWith('contacts') ? workspace.contacts : workspace.invoices;

printTable(
  [
    'interaction',
    'workspace',
    'p50 ms',
    'p95 ms',
    'max ms',
    'from the action p50',
    'before the call p50',
    'tRPC call p50',
    'after it p50',
    'rows',
  ],
  verdicts.flatMap((verdict) =>
    [large, small].map((workspace) => [
      verdict.interaction,
      `${workspace.name} (${recordsOf(verdict.interaction, workspace)})`,
      String(verdict[workspace.name].p50),
      String(verdict[workspace.name].p95),
      String(verdict[workspace.name].max),
      String(verdict[workspace.name].fromActionP50),
      String(verdict[workspace.name].beforeCallP50),
      String(verdict[workspace.name].callP50),
      String(verdict[workspace.name].afterCallP50),
      String(verdict[workspace.name].rows),
    ]),
  ),
);
printTable(
  ['interaction', 'timed from', 'p95 large', 'p95 small', 'ratio', `verdict (p95 < ${budgetMs} ms)`],
  verdicts.map((verdict) => [
    verdict.interaction,
    verdict.from,
    `${verdict.large.p95} ms`,
    `${verdict.small.p95} ms`,
    `${verdict.ratioP95}x`,
    verdict.pass ? 'PASS' : 'FAIL',
  ]),
);

// 6. The lists' statements on the large workspace, as the use cases send them.
const plans: [string, (em: EntityManager) => Promise<unknown>][] = [
  ['invoices page 1', (em) => listInvoices(em, large.id, { limit: pageSize, offset: 0 })],
  [
    'invoices PAID page 1',
    (em) => listInvoices(em, large.id, { status: 'PAID', limit: pageSize, offset: 0 }),
  ],
  ['invoices page 200', (em) => listInvoices(em, large.id, { limit: pageSize, offset: 199 * pageSize })],
  ['contacts page 2', (em) => listContacts(em, large.id, { limit: pageSize, offset: pageSize })],
  [
    `contacts search '${searchTerm(0)}'`,
    (em) => listContacts(em, large.id, { q: searchTerm(0), limit: pageSize, offset: 0 }),
  ],
];
const explains: Record<string, string> = {};
for (const [name, run] of plans) {
  const statements = await explainStatements(client, run, 'analyze, buffers');
  explains[name] = statements.map((statement) => statement.plan.join('\n')).join('\n\n');
  console.log(`\n[bench web-lists] EXPLAIN ANALYZE: ${name}\n${explains[name]}`);
}

const path = writeResult('web-lists.json', {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    loadAverageAtStart: startLoad,
    postgres: serverVersion,
    chromium: browserVersion,
  },
  settings: { samples, warmup, largeInvoices, largeContacts, smallSize, budgetMs, pageSize },
  seed: {
    seconds: seedSeconds,
    checks: seedChecks,
    statuses: { large: large.statuses, small: small.statuses },
  },
  measureSeconds,
  measuredSamples: rounds - warmup,
  loadAverage,
  verdicts,
  series,
  explains,
  problems,
});
log(`results in ${path}; ${problems.length} console errors; measured in ${measureSeconds} s`);
if (problems.length > 0) log(`console errors: ${problems.slice(0, 5).join(' | ')}`);

await client.end();
await orm.close();
if (process.env.BENCH_KEEP !== '1') {
  await dropDatabase(postgres.url, databaseName);
  log(`dropped ${databaseName} (BENCH_KEEP=1 keeps it)`);
}
await redis.stop();
await postgres.stop();
log(`done in ${Math.round((performance.now() - startedAt) / 1000)} s`);
