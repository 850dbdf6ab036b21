/**
 * The run, once the database is seeded and the processes are up: the webhook endpoint, the
 * open-loop traffic with its samples and the autovacuum emulation, the drain and the events
 * check, then the figures, the tables, the verdicts and the JSON report.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { replayShare } from './adjustments.ts';
import type { AppProcess } from './app-processes.ts';
import { checkEvents, drainDeliveries, type EventsCheck, eventsBeforeTraffic } from './events-check.ts';
import { failures, liveHeap, memorySlopes, minuteRows, p99Trend } from './figures.ts';
import { scheduleHeapSnapshots } from './heap-snapshots.ts';
import { type ApiClient, apiClient } from './http.ts';
import { log } from './log.ts';
import { startAutovacuumEmulation } from './maintenance.ts';
import { createMix, kindNames, type MixEntry } from './mix.ts';
import type { SoakOutcome } from './outcome.ts';
import type { Receiver } from './receiver.ts';
import { TrafficRecorder } from './recorder.ts';
import { loadAverage, type SoakReport, soakReport } from './report.ts';
import { printTables } from './report-tables.ts';
import type { Sample } from './samples.ts';
import { createSampler, type Sampler, sampleDuringTraffic } from './sampling.ts';
import type { SoakWorkspace } from './seed.ts';
import { databaseName, durationMs, minutes, receiverPath, redisDb, requestsPerSecond } from './settings.ts';
import { mb, round } from './stats.ts';
import { describeMix, startTraffic } from './traffic.ts';
import { checks, printChecks } from './verdicts.ts';

export interface SoakRig {
  /** The monitoring connection to the soak's database. */
  db: pg.Client;
  databaseUrl: string;
  redisUrl: string;
  serverVersion: string | undefined;
  loadAverageAtStart: number[];
  workspace: SoakWorkspace;
  api: AppProcess;
  worker: AppProcess;
  receiver: Receiver;
}

/** What the traffic phase leaves for the figures. */
interface TrafficRun {
  samples: Sample[];
  trafficStart: number;
  autovacuum: SoakOutcome['autovacuum'];
  databaseSizeMbAtStart: number;
}

/** Runs the soak and returns its JSON report (printed as tables and verdicts on the way). */
export async function runSoak(rig: SoakRig): Promise<SoakReport> {
  const { db, workspace, receiver } = rig;
  const client = apiClient(rig.api.port, workspace.apiKey);
  const eventsBefore = await eventsBeforeTraffic(db, workspace.workspaceId);
  const endpointId = await registerEndpoint(client, receiver);
  log(
    `API pid ${rig.api.process.pid} on :${rig.api.port}, worker pid ${rig.worker.process.pid} on :${rig.worker.port}, ` +
      `receiver pid ${receiver.pid} at ${receiver.url(receiverPath)} (endpoint ${endpointId}); ` +
      `rate limits and queue in Redis db ${redisDb}`,
  );
  const mix = createMix(workspace);
  const recorder = new TrafficRecorder();
  const sampler = createSampler({ ...rig, recorder });
  const run = await driveTraffic(rig, client, mix, recorder, sampler);
  const drainMs = await drainDeliveries(db, workspace.workspaceId, eventsBefore, receiver);
  const trafficStartWall = performance.timeOrigin + run.trafficStart;
  const ids = { workspaceId: workspace.workspaceId, endpointId };
  const events = await checkEvents(db, ids, eventsBefore, receiver, { drainMs, trafficStartWall });
  sampler.close();
  client.close();
  return report(rig, outcomeOf(rig, { mix, recorder, run, endpointId, events }));
}

/** The figures of a finished run, with what they were computed from. */
function outcomeOf(
  rig: SoakRig,
  parts: {
    mix: MixEntry[];
    recorder: TrafficRecorder;
    run: TrafficRun;
    endpointId: string;
    events: EventsCheck;
  },
): SoakOutcome {
  const { mix, recorder, run, events } = parts;
  const kinds = kindNames(mix);
  const rows = minuteRows(recorder, kinds, events, run.samples);
  return {
    mix,
    kinds,
    recorder,
    samples: run.samples,
    endpointId: parts.endpointId,
    events,
    duplicates: rig.receiver.duplicates(),
    rows,
    slopes: memorySlopes(run.samples),
    liveHeaps: { api: liveHeap(rig.api, run.trafficStart), worker: liveHeap(rig.worker, run.trafficStart) },
    failures: failures(recorder),
    p99: p99Trend(rows),
    autovacuum: run.autovacuum,
    databaseSizeMbAtStart: run.databaseSizeMbAtStart,
    apps: { api: rig.api, worker: rig.worker },
  };
}

/** Registers the receiver as the workspace's webhook endpoint; returns its id. */
async function registerEndpoint(client: ApiClient, receiver: Receiver): Promise<string> {
  const registration = await client.send({
    method: 'POST',
    path: '/api/v1/webhook-endpoints',
    body: JSON.stringify({ url: receiver.url(receiverPath), description: 'soak receiver' }),
  });
  if (registration.status !== 201) {
    throw new Error(`webhook endpoint registration: ${registration.status} ${registration.body}`);
  }
  return (JSON.parse(registration.body) as { data: { id: string } }).data.id;
}

/** A sample, then SOAK_MINUTES of traffic sampled every 10 s, then the last answers. */
async function driveTraffic(
  rig: SoakRig,
  client: ApiClient,
  mix: MixEntry[],
  recorder: TrafficRecorder,
  sampler: Sampler,
): Promise<TrafficRun> {
  const databaseSizeMbAtStart = await databaseSizeMb(rig.db);
  const samples = [await sampler.take(0)];
  const trafficStart = performance.now();
  const maintenance = await startAutovacuumEmulation(rig.databaseUrl, trafficStart);
  const traffic = startTraffic(mix, trafficStart, client, recorder);
  const snapshots = scheduleHeapSnapshots(rig.api, trafficStart);
  log(
    `traffic: ${minutes} min at ${requestsPerSecond} requests/s (open loop): ${describeMix(mix)}` +
      ` (adjustments: ${replayShare * 100}% replays of an earlier Idempotency-Key)`,
  );
  await sampleDuringTraffic(sampler, trafficStart, rig.receiver, samples);
  await sleep(Math.max(0, trafficStart + durationMs - performance.now()));
  traffic.stop();
  snapshots.stop();
  await maintenance.stop();
  const waitStarted = performance.now();
  await traffic.lastAnswers();
  log(
    `traffic stopped; last answers in ${round(performance.now() - waitStarted, 0)} ms; ${recorder.issued} requests sent`,
  );
  for (const file of snapshots.files()) log(`API heap snapshot: ${file}`);
  return { samples, trafficStart, autovacuum: maintenance.report(), databaseSizeMbAtStart };
}

/** Prints the tables and the verdicts; returns the JSON report. */
async function report(rig: SoakRig, outcome: SoakOutcome): Promise<SoakReport> {
  printTables(outcome);
  const verdicts = checks(outcome);
  printChecks(verdicts);
  const date = new Date().toISOString();
  const loadAverageAtEnd = loadAverage();
  return soakReport(outcome, verdicts, {
    date,
    serverVersion: rig.serverVersion,
    loadAverageAtStart: rig.loadAverageAtStart,
    loadAverageAtEnd,
    databaseSizeMbAtEnd: await databaseSizeMb(rig.db),
  });
}

async function databaseSizeMb(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select pg_database_size($1) as n', [databaseName]);
  return mb(Number(rows[0]?.n));
}
