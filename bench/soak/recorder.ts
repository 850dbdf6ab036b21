/**
 * What the traffic did, as it happens: per minute of the schedule, latencies (all requests and
 * per kind), statuses, 5xx, transport errors and send lag; per kind, statuses; unexpected
 * answers (a status other than expected, or a failed check) with the first examples.
 */
import { minuteCount } from './settings.ts';

export interface MinuteStats {
  /** Latencies (ms, send to end of answer) under 'all' and under each kind. */
  latencies: Map<string, number[]>;
  statuses: Map<string, number>;
  fiveXx: number;
  transportErrors: number;
  /** How late each send was against its schedule (ms). */
  sendLagMs: number[];
}

export interface Example {
  kind: string;
  status: number | string;
  body: string;
}

const maxExamples = 20;

export class TrafficRecorder {
  readonly perMinute: MinuteStats[] = Array.from({ length: minuteCount }, () => ({
    latencies: new Map(),
    statuses: new Map(),
    fiveXx: 0,
    transportErrors: 0,
    sendLagMs: [],
  }));
  readonly statusesByKind = new Map<string, Map<string, number>>();
  /** `<kind>: <status or problem>` → count. */
  readonly anomalies = new Map<string, number>();
  readonly examples: Example[] = [];
  inFlight = 0;
  issued = 0;
  answered = 0;

  /** A request leaves, `lagMs` behind its schedule, in `minute` of the schedule. */
  sent(minute: number, lagMs: number): void {
    this.minute(minute).sendLagMs.push(lagMs);
    this.inFlight += 1;
    this.issued += 1;
  }

  /** Its answer (or transport error) came back. */
  received(
    kind: string,
    minute: number,
    status: number | 'error',
    latencyMs: number,
    expected: number,
  ): void {
    const stats = this.minute(minute);
    for (const label of ['all', kind]) {
      const list = stats.latencies.get(label);
      if (list) list.push(latencyMs);
      else stats.latencies.set(label, [latencyMs]);
    }
    const statusKey = String(status);
    increment(stats.statuses, statusKey);
    if (status === 'error') stats.transportErrors += 1;
    else if (status >= 500) stats.fiveXx += 1;
    const byStatus = this.statusesByKind.get(kind) ?? new Map<string, number>();
    this.statusesByKind.set(kind, byStatus);
    increment(byStatus, statusKey);
    if (status !== expected) this.anomaly(kind, String(status));
  }

  anomaly(kind: string, what: string): void {
    increment(this.anomalies, `${kind}: ${what}`);
  }

  example(example: Example): void {
    if (this.examples.length < maxExamples) this.examples.push(example);
  }

  /** The request is over, whatever its outcome. */
  done(): void {
    this.inFlight -= 1;
    this.answered += 1;
  }

  private minute(minute: number): MinuteStats {
    return this.perMinute[Math.min(minute, minuteCount - 1)] as MinuteStats;
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
