/**
 * The soak from end to end: services and a fresh database, the seed, the receiver, the worker
 * and the API, the run (run.ts), then everything stopped and the report written.
 */
import pg from 'pg';
import { writeResult } from '../lib.ts';
import { type BenchServices, benchServices, vacuumAnalyze } from '../services.ts';
import { startApiAndWorker, stopStartedApps } from './app-processes.ts';
import { log } from './log.ts';
import { startReceiver } from './receiver.ts';
import { clearComptoirKeys, soakRedisUrl } from './redis.ts';
import { loadAverage, type SoakReport } from './report.ts';
import { runSoak } from './run.ts';
import { type SoakWorkspace, seedWorkspace, trackedCatalogueProductIds } from './seed.ts';
import { databaseName, redisDb, seedSizes } from './settings.ts';
import { round } from './stats.ts';

export async function soak(): Promise<void> {
  const loadAverageAtStart = loadAverage();
  const services = await benchServices(databaseName, log);
  const redisUrl = soakRedisUrl(services.redis.url);
  const leftover = await clearComptoirKeys(redisUrl);
  if (leftover > 0) log(`deleted ${leftover} keys left in Redis db ${redisDb} by an earlier run`);
  const { db, workspace } = await seedDatabase(services);
  const receiver = await startReceiver();
  let report: SoakReport | undefined;
  try {
    const { api, worker } = await startApiAndWorker(services.databaseUrl, redisUrl);
    const { databaseUrl, serverVersion } = services;
    const rig = { db, databaseUrl, redisUrl, serverVersion, loadAverageAtStart, workspace, receiver };
    report = await runSoak({ ...rig, api, worker });
  } finally {
    await stopStartedApps();
    receiver.stop();
    await db.end().catch(() => {});
    const deleted = await clearComptoirKeys(redisUrl).catch(() => 0);
    log(`deleted ${deleted} keys from Redis db ${redisDb}`);
    await services.redis.stop();
    await services.postgres.stop();
  }
  if (report) {
    const written = writeResult('soak.json', report);
    log(`results written to ${written}`);
  }
}

/**
 * Seeds the workspace, closes the seeding ORM, VACUUM ANALYZE, and opens the monitoring
 * connection the run queries through.
 */
async function seedDatabase(services: BenchServices): Promise<{ db: pg.Client; workspace: SoakWorkspace }> {
  const seedStarted = performance.now();
  const seeded = await seedWorkspace(services.orm);
  await services.orm.close();
  await vacuumAnalyze(services.databaseUrl);
  const db = new pg.Client({ connectionString: services.databaseUrl, application_name: 'soak-monitor' });
  await db.connect();
  const adjustProductIds = await trackedCatalogueProductIds(db, seeded.workspaceId);
  log(
    `seeded in ${round((performance.now() - seedStarted) / 1000)} s: ${seedSizes.catalogueProducts} catalogue products ` +
      `(${adjustProductIds.length} tracked), ${seedSizes.batchProducts} reserve products, ${seedSizes.companies} companies, ` +
      `${seedSizes.contacts} contacts, ${seedSizes.invoices} invoices`,
  );
  return { db, workspace: { ...seeded, adjustProductIds } };
}
