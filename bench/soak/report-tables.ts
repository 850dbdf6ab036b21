/** The readable summary on stdout: per-minute and per-kind tables, memory, services, webhooks. */
import type { SoakOutcome } from './outcome.ts';
import type { Sample } from './samples.ts';
import { databaseName, minutes, redisDb, requestsPerSecond, sampleEverySeconds } from './settings.ts';
import { plusMinus, range, round } from './stats.ts';

export function printTables(outcome: SoakOutcome): void {
  console.log(
    `\nSoak: ${minutes} min, ${requestsPerSecond} requests/s scheduled (open loop), ${outcome.recorder.issued} requests; samples every ${sampleEverySeconds} s`,
  );
  printMinuteTable(outcome);
  printKindTable(outcome);
  printMemoryTable(outcome);
  printServices(outcome);
  printWebhooks(outcome);
  printMaintenanceAndAnomalies(outcome);
}

function printMinuteTable({ rows }: SoakOutcome): void {
  console.log('\nPer minute, all requests (latency ms from send to answer; send lag = behind schedule)');
  console.log(
    "| minute | requests | p50 | p99 | max | 5xx | errors | send lag p99 | webhook event→delivery p50 / p99 | other processes' CPU % |",
  );
  console.log('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const row of rows) {
    console.log(
      `| ${row.minute} | ${row.all.count} | ${row.all.p50} | ${row.all.p99} | ${row.all.max} | ${row.fiveXx} | ${row.transportErrors} | ${row.sendLagMs.p99} | ${row.webhookEventToDeliveryMs.p50} / ${row.webhookEventToDeliveryMs.p99} | ${row.othersCpuPercent} |`,
    );
  }
}

function printKindTable({ rows, kinds, recorder }: SoakOutcome): void {
  console.log('\nPer kind, p50 / p99 ms per minute');
  console.log(`| kind | ${rows.map((row) => `min ${row.minute}`).join(' | ')} | statuses |`);
  console.log(`|:--|${rows.map(() => '--:').join('|')}|:--|`);
  for (const kind of kinds) {
    const statuses = [...(recorder.statusesByKind.get(kind) ?? new Map<string, number>())]
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `| ${kind} | ${rows.map((row) => `${row.byKind[kind]?.p50} / ${row.byKind[kind]?.p99}`).join(' | ')} | ${statuses} |`,
    );
  }
}

/** `min–max` of a figure over the samples taken during the traffic. */
const spread = (measured: Sample[], figure: (s: Sample) => number | undefined): string => {
  const { min, max } = range(measured.map((s) => figure(s) ?? Number.NaN));
  return `${min}–${max}`;
};

function printMemoryTable({ samples, slopes, liveHeaps }: SoakOutcome): void {
  console.log(
    `\nMemory (MB; slope MB/min by least squares over the ${slopes.samplesUsed} samples from t=${slopes.warmupSeconds} s)`,
  );
  console.log(
    '| process | RSS first → last | RSS slope | heap used first → last | heap slope | live heap after full GC first → last (n) | live heap slope | live heap slope, judged window (n) | event-loop delay p99 ms (min–max of samples) | CPU % (min–max) |',
  );
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  const measured = samples.slice(1);
  const first = measured[0];
  const last = measured.at(-1);
  for (const name of ['api', 'worker'] as const) {
    const heap = liveHeaps[name];
    console.log(
      `| ${name} | ${first?.[name].rssMb} → ${last?.[name].rssMb} | ${plusMinus(slopes[name].rss)} | ${first?.[name].heapUsedMb} → ${last?.[name].heapUsedMb} | ${plusMinus(slopes[name].heapUsed)} | ${heap.firstMb ?? '–'} → ${heap.lastMb ?? '–'} (${heap.afterWarmup.fullCollections}) | ${plusMinus(heap.afterWarmup)} | ${plusMinus(heap)} (${heap.fullCollections}, t=${heap.windowSeconds.from}–${heap.windowSeconds.to} s) | ${spread(measured, (s) => s[name].loopDelayP99Ms)} | ${spread(measured, (s) => s[name].cpuPercent)} |`,
    );
  }
  console.log(
    `| receiver | ${first?.receiver.rssMb} → ${last?.receiver.rssMb} | ${plusMinus(slopes.receiver.rss)} | | | | | | | ${spread(measured, (s) => s.receiver.cpuPercent)} |`,
  );
  console.log(
    `| load generator | ${first?.generator.rssMb} → ${last?.generator.rssMb} | ${plusMinus(slopes.generator.rss)} | | | | | | ${spread(measured, (s) => s.generator.loopDelayP99Ms)} | ${spread(measured, (s) => s.generator.cpuPercent)} |`,
  );
}

function printServices({ samples, slopes }: SoakOutcome): void {
  const measured = samples.slice(1);
  const redisMemory = spread(measured, (s) => s.redis.usedMemoryMb);
  console.log(
    `\nPostgreSQL connections to ${databaseName}: ${spread(measured, (s) => s.postgres.connections)} (CPU ${spread(measured, (s) => s.postgres.cpuPercent)} %); ` +
      `Redis used_memory (whole server): ${redisMemory} MB, slope ${plusMinus(slopes.redisUsedMemory)} MB/min; keys in db ${redisDb}: ${measured[0]?.redis.keysInDb} → ${measured.at(-1)?.redis.keysInDb}`,
  );
}

function printWebhooks({ events, duplicates }: SoakOutcome): void {
  const { recorded, lost, stagesMs } = events;
  console.log(
    `Webhooks: ${recorded.length} events recorded (${[...events.eventsByType].map(([type, n]) => `${type} ${n}`).join(', ')}); ` +
      `${recorded.length - lost.length} reached the receiver, ${lost.length} lost, ${events.unexpected} unexpected ids, ${duplicates} duplicates; ` +
      `drain after the traffic ${round(events.drainMs / 1000)} s; deliveries: ${events.deliveries.map((d) => `${d.status} ${d.deliveries} (${d.attempts} attempts)`).join(', ')}; unpublished ${events.unpublished}`,
  );
  console.log(
    `Webhook event→delivery over the run, p50 / p99 ms: by stage: relay ${stagesMs.relay.p50} / ${stagesMs.relay.p99}, ` +
      `dispatch + queue + claim ${stagesMs.dispatchQueueClaim.p50} / ${stagesMs.dispatchQueueClaim.p99}, ` +
      `POST ${stagesMs.post.p50} / ${stagesMs.post.p99}; by type: ` +
      Object.entries(events.latencyByTypeMs)
        .map(([type, figures]) => `${type} ${figures.p50} / ${figures.p99}`)
        .join(', '),
  );
}

function printMaintenanceAndAnomalies({ autovacuum, recorder, apps }: SoakOutcome): void {
  if (autovacuum.emulated) {
    const byTable = new Map<string, number>();
    for (const action of autovacuum.actions) byTable.set(action.table, (byTable.get(action.table) ?? 0) + 1);
    console.log(
      `Autovacuum (emulated, every ${autovacuum.naptimeSeconds} s): ${autovacuum.passes} passes; ` +
        `${[...byTable].map(([table, n]) => `${table} ×${n}`).join(', ') || 'nothing to do'}`,
    );
  }
  if (recorder.anomalies.size > 0) {
    console.log(
      `Unexpected answers: ${[...recorder.anomalies].map(([what, n]) => `${what} ×${n}`).join('; ')}`,
    );
    for (const example of recorder.examples.slice(0, 5))
      console.log(`  e.g. ${example.kind} → ${example.status}: ${example.body}`);
  }
  for (const app of [apps.api, apps.worker]) {
    if (app.logs.warn + app.logs.error > 0) {
      console.log(
        `${app.name} logged ${app.logs.warn} warnings and ${app.logs.error} errors (first ones above)`,
      );
    }
  }
}
