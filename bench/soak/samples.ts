/** What every 10 s sample holds, and its line in the log. */
import { log } from './log.ts';

export interface ProcessSample {
  rssMb: number;
  heapUsedMb?: number;
  heapTotalMb?: number;
  externalMb?: number;
  loopDelayP50Ms?: number;
  loopDelayP99Ms?: number;
  loopDelayMaxMs?: number;
  cpuPercent: number;
}

export interface Sample {
  /** Seconds since the traffic started. */
  t: number;
  api: ProcessSample;
  worker: ProcessSample & { outboxUnpublished?: number; deliveriesDue?: number; queueWaiting?: number };
  receiver: { rssMb: number; cpuPercent: number };
  generator: { rssMb: number; heapUsedMb: number; loopDelayP99Ms: number; cpuPercent: number };
  postgres: {
    connections: number;
    active: number;
    idle: number;
    idleInTransaction: number;
    cpuPercent: number;
  };
  redis: { usedMemoryMb: number; keysInDb: number; cpuPercent: number };
  /** The whole machine's CPU (100 = one core), and what processes other than the soak's used. */
  machine: { cpuPercent: number; othersCpuPercent: number; loadAverage1m: number };
  /** Rows read by sequential scans per second, by table (those above 1,000/s). */
  seqScanRowsPerSecond: Record<string, number>;
  requestsPerSecond: number;
  deliveriesPerSecond: number;
  inFlight: number;
}

export function logSample(s: Sample): void {
  const seqScans = Object.entries(s.seqScanRowsPerSecond);
  log(
    `t=${String(s.t).padStart(4)}s  API rss ${s.api.rssMb} heap ${s.api.heapUsedMb} MB loop p99 ${s.api.loopDelayP99Ms} ms cpu ${s.api.cpuPercent}%  ` +
      `worker rss ${s.worker.rssMb} heap ${s.worker.heapUsedMb} MB loop p99 ${s.worker.loopDelayP99Ms} ms cpu ${s.worker.cpuPercent}%  ` +
      `pg conns ${s.postgres.connections} cpu ${s.postgres.cpuPercent}%  redis ${s.redis.usedMemoryMb} MB  ` +
      `${s.requestsPerSecond} req/s ${s.deliveriesPerSecond} deliveries/s in flight ${s.inFlight} due ${s.worker.deliveriesDue}  ` +
      `machine cpu ${s.machine.cpuPercent}% (others ${s.machine.othersCpuPercent}%)` +
      (seqScans.length > 0
        ? `  seq scan rows/s ${seqScans.map(([table, rate]) => `${table} ${rate}`).join(', ')}`
        : ''),
  );
}
