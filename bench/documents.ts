/**
 * `pnpm bench`, documents part (issue 15). Through the real API, with its render pool:
 * - a fresh 20-line PDF: GET /invoices/{id}/pdf of a DRAFT, rendered on every request
 *   (targets p50 < 100 ms, p99 < 250 ms), at 1 connection: the latency of one render;
 * - the Factur-X pipeline of issued invoices (XML, then PDF/A-3 carrying it): the first download
 *   of each of BENCH_ISSUED sent 20-line invoices, one after another;
 * - a stored document: GET /invoices/{id}/pdf of a SENT invoice already rendered, at 1
 *   connection (p50 < 5 ms);
 * - GET /products p99 alone, then while 4 connections download fresh PDFs (target: within 1.2x).
 *
 * Settings: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_ISSUED (default 50).
 */
import { join } from 'node:path';
import {
  createInvoice,
  createKey,
  createWorkspace,
  importProducts,
  scopes,
  sendInvoice,
  updateWorkspace,
} from '@comptoir/core';
import { sellerIdentity } from '@comptoir/core/factories';
import autocannon from 'autocannon';
import { benchDir, startServer, writeResult } from './lib.ts';
import { benchServices } from './services.ts';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const issuedCount = Number(process.env.BENCH_ISSUED ?? 50);
const log = (message: string) => console.log(`[bench documents] ${message}`);

const { postgres, redis, databaseUrl, orm } = await benchServices('comptoir_bench_documents', log);

const workspace = await createWorkspace(orm.em.fork(), { name: 'Bench documents' });
await updateWorkspace(orm.em.fork(), workspace.id, sellerIdentity);
const { key } = await createKey(orm.em.fork(), {
  workspaceId: workspace.id,
  scopes: [...scopes],
  rateLimitPerMinute: 1_000_000_000,
});
await importProducts(
  orm.em.fork(),
  workspace.id,
  Array.from({ length: 1000 }, (_, i) => ({
    name: `Produit ${i}`,
    sku: `DOC-${i}`,
    unitPrice: 10 + (i % 90),
  })),
);
const twentyLines = Array.from({ length: 20 }, (_, i) => ({
  title: `Prestation ${i + 1}`,
  quantity: 1 + (i % 4),
  unitPrice: (1990 * (i + 1)) / 100,
  taxRate: i % 3 === 0 ? 5.5 : 20,
}));
const invoiceInput = { clientName: 'Café du Port', clientEmail: 'compta@port.test', lines: twentyLines };
const draft = await createInvoice(orm.em.fork(), workspace.id, invoiceInput);
const issuedIds: string[] = [];
for (let i = 0; i <= issuedCount; i++) {
  const created = await createInvoice(orm.em.fork(), workspace.id, invoiceInput);
  issuedIds.push((await sendInvoice(orm.em.fork(), workspace.id, created.id)).id);
}
const storedId = issuedIds.pop() as string;
await orm.close();
log(`seeded 1,000 products, a 20-line draft and ${issuedCount + 1} sent 20-line invoices`);

const api = await startServer('REST', join(benchDir, 'serve-api.ts'), {
  env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'comptoir-bench-documents:rl' },
});
const base = `http://127.0.0.1:${api.port}/api/v1`;
const headers = { authorization: `Bearer ${key}` };

type Load = { path: string; connections: number };
const options = ({ path, connections }: Load, duration: number) => ({
  url: `${base}${path}`,
  headers,
  connections,
  duration,
  timeout: 10,
});
const rowOf = (name: string, load: Load, result: autocannon.Result) => ({
  scenario: name,
  connections: load.connections,
  requestsPerSecond: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});
/** Measures `load` after a warm-up, with `beside` running during both. */
async function measure(name: string, load: Load, beside?: Load) {
  const background = beside ? autocannon(options(beside, warmupSeconds + durationSeconds + 1)) : undefined;
  await autocannon(options(load, warmupSeconds));
  const row = rowOf(name, load, await autocannon(options(load, durationSeconds)));
  await background;
  log(
    `${name.padEnd(44)} p50 ${row.p50} ms  p99 ${row.p99} ms  ${row.requestsPerSecond} req/s  non-2xx ${row.non2xx}`,
  );
  return row;
}

const freshPdf: Load = { path: `/invoices/${draft.id}/pdf`, connections: 1 };
const fresh = await measure('fresh 20-line PDF (DRAFT)', freshPdf);

// The first download of a sent invoice renders its Factur-X PDF (XML + PDF/A-3) and stores it.
const firstDownloads: number[] = [];
for (const id of issuedIds) {
  const started = performance.now();
  const response = await fetch(`${base}/invoices/${id}/pdf`, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`first download of ${id}: ${response.status}`);
  firstDownloads.push(performance.now() - started);
}
const sorted = firstDownloads.sort((a, b) => a - b);
const percentile = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
const issued = {
  scenario: 'first render of a sent 20-line invoice (Factur-X)',
  count: sorted.length,
  p50: percentile(0.5),
  p99: percentile(0.99),
};
log(`${issued.scenario.padEnd(44)} p50 ${issued.p50} ms  p99 ${issued.p99} ms  (${issued.count} invoices)`);

await fetch(`${base}/invoices/${storedId}/pdf`, { headers }).then((response) => response.arrayBuffer());
const stored = await measure('stored PDF (SENT, rendered before)', {
  path: `/invoices/${storedId}/pdf`,
  connections: 1,
});

const products: Load = { path: '/products', connections: 10 };
const quiet = await measure('GET /products', products);
const busy = await measure('GET /products, 4 connections rendering', products, {
  ...freshPdf,
  connections: 4,
});

const targets = {
  freshP50: { target: '< 100 ms', pass: fresh.p50 < 100 },
  freshP99: { target: '< 250 ms', pass: fresh.p99 < 250 },
  storedP50: { target: '< 5 ms', pass: stored.p50 < 5 },
  productsP99Ratio: {
    target: '<= 1.2',
    ratio: Math.round((busy.p99 / Math.max(quiet.p99, 1)) * 100) / 100,
    pass: busy.p99 <= 1.2 * Math.max(quiet.p99, 1),
  },
};
await api.stop();

console.log('\n| scenario | connections | req/s | p50 ms | p99 ms |');
console.log('|:--|--:|--:|--:|--:|');
for (const row of [fresh, stored, quiet, busy]) {
  console.log(
    `| ${row.scenario} | ${row.connections} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} |`,
  );
}
console.log(`| ${issued.scenario} | 1 | | ${issued.p50} | ${issued.p99} |`);
for (const [name, target] of Object.entries(targets)) {
  console.log(
    `${name}: ${target.pass ? 'PASS' : 'FAIL'} ${target.target}${'ratio' in target ? ` (${target.ratio}x)` : ''}`,
  );
}
writeResult('documents.json', {
  date: new Date().toISOString(),
  results: [fresh, stored, quiet, busy],
  issued,
  targets,
});
await redis.stop();
await postgres.stop();
