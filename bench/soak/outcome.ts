/** Everything a finished run produced, as the tables and the JSON report read it. */
import type { AppProcess } from './app-processes.ts';
import type { EventsCheck } from './events-check.ts';
import type { Failures, LiveHeap, MinuteRow, P99Trend, Slopes } from './figures.ts';
import type { AutovacuumReport } from './maintenance.ts';
import type { MixEntry } from './mix.ts';
import type { TrafficRecorder } from './recorder.ts';
import type { Sample } from './samples.ts';

export interface SoakOutcome {
  mix: MixEntry[];
  /** The kinds of the tables: the mix's, and replays. */
  kinds: string[];
  recorder: TrafficRecorder;
  /** The sample before the traffic (t = 0), then one every sampleEverySeconds. */
  samples: Sample[];
  endpointId: string;
  events: EventsCheck;
  /** Redeliveries the receiver saw. */
  duplicates: number;
  rows: MinuteRow[];
  slopes: Slopes;
  liveHeaps: { api: LiveHeap; worker: LiveHeap };
  failures: Failures;
  p99: P99Trend;
  autovacuum: AutovacuumReport;
  databaseSizeMbAtStart: number;
  apps: { api: AppProcess; worker: AppProcess };
}
