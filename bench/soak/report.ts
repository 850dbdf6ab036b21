/** The JSON report, bench/results/soak.json. */
import os from 'node:os';
import { replayShare } from './adjustments.ts';
import type { SoakOutcome } from './outcome.ts';
import {
  drainSeconds,
  heapSnapshotMinutes,
  liveHeapWindowSeconds,
  minutes,
  redisDb,
  requestsPerSecond,
  sampleEverySeconds,
  seedSizes,
  targets,
  warmupSeconds,
} from './settings.ts';
import { round } from './stats.ts';
import type { Check } from './verdicts.ts';

/** What the report says besides the outcome: when, on what server, the load around the run. */
export interface ReportContext {
  date: string;
  serverVersion: string | undefined;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  databaseSizeMbAtEnd: number;
}

export type SoakReport = ReturnType<typeof soakReport>;

export const loadAverage = (): number[] => os.loadavg().map((value) => round(value, 2));

export function soakReport(outcome: SoakOutcome, checks: Check[], context: ReportContext) {
  return {
    date: context.date,
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      postgres: context.serverVersion,
      loadAverageAtStart: context.loadAverageAtStart,
      loadAverageAtEnd: context.loadAverageAtEnd,
    },
    config: configReport(outcome),
    checks,
    slopesMbPerMinute: outcome.slopes,
    requests: requestsReport(outcome),
    perMinute: outcome.rows,
    webhooks: webhooksReport(outcome),
    liveHeapAfterFullGc: outcome.liveHeaps,
    autovacuum: outcome.autovacuum,
    database: { sizeMbAtStart: outcome.databaseSizeMbAtStart, sizeMbAtEnd: context.databaseSizeMbAtEnd },
    logs: { api: outcome.apps.api.logs, worker: outcome.apps.worker.logs },
    samples: outcome.samples,
  };
}

function configReport({ mix }: SoakOutcome) {
  return {
    minutes,
    requestsPerSecond,
    mix: mix.map((entry) => ({
      kind: entry.kind,
      share: entry.share,
      perSecond: round(requestsPerSecond * entry.share, 3),
    })),
    adjustReplayShare: replayShare,
    sampleEverySeconds,
    warmupSeconds,
    liveHeapWindowSeconds,
    heapSnapshotMinutes,
    drainSeconds,
    redisDb,
    seed: seedSizes,
    targets,
  };
}

function requestsReport({ recorder, failures }: SoakOutcome) {
  return {
    total: recorder.issued,
    fiveXx: failures.fiveXx,
    transportErrors: failures.transportErrors,
    byKind: Object.fromEntries(
      [...recorder.statusesByKind].map(([kind, map]) => [kind, Object.fromEntries(map)]),
    ),
    anomalies: Object.fromEntries(recorder.anomalies),
    examples: recorder.examples,
  };
}

function webhooksReport({ endpointId, events, duplicates }: SoakOutcome) {
  return {
    endpointId,
    eventsRecorded: events.recorded.length,
    eventsByType: Object.fromEntries(events.eventsByType),
    received: events.recorded.length - events.lost.length,
    lost: events.lost.length,
    lostExamples: events.lost.slice(0, 20).map((row) => ({ id: row.id, type: row.type })),
    unexpected: events.unexpected,
    duplicates,
    drainSeconds: round(events.drainMs / 1000),
    eventToDeliveryStagesMs: events.stagesMs,
    eventToDeliveryByTypeMs: events.latencyByTypeMs,
    deliveries: events.deliveries,
    unpublished: events.unpublished,
  };
}
