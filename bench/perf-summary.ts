/**
 * On-CPU profile of a server from Linux `perf` (node started with --perf-basic-prof, then
 * `perf record -e cpu-clock -g -p <pid>`): unlike --cpu-prof, which samples wall time, only time
 * really spent on a CPU counts, kernel included (syscalls, TCP loopback). Samples are charged to
 * components with the same rules as profile-summary.ts, and the kernel part of each is shown.
 *
 *   node bench/perf-summary.ts <perf.data> [requests]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { areaOf, type CallFrame, componentRules, type TimeShare } from './profile-summary.ts';

export interface PerfComponent extends TimeShare {
  /** Percent of this component's time spent in the kernel. */
  kernelPercent: number;
}

export interface PerfSummary {
  file: string;
  /** CPU time sampled, all threads. */
  cpuMs: number;
  requests?: number;
  /** Percent of the CPU time spent in the kernel. */
  kernelPercent: number;
  components: PerfComponent[];
}

interface Frame extends CallFrame {
  kernel: boolean;
}

const gcSymbol =
  /v8::internal::(Scavenger|ScavengerCollector|MarkCompact|ConcurrentMarking|MinorMarkSweep|Sweeper|IncrementalMarking|Heap::CollectGarbage|MarkingVisitor|MainMarkingVisitor)/;

function parseFrame(line: string): Frame | undefined {
  const match = /^\s*[0-9a-f]+\s+(.*)\s+\((.*)\)$/.exec(line);
  if (!match) return undefined;
  const symbol = (match[1] ?? '').replace(/\+0x[0-9a-f]+$/, '');
  const dso = match[2] ?? '';
  const kernel = dso.includes('kernel');
  // --perf-basic-prof names: JS:*'name url:line:col, or JS:+ url:line:col for anonymous ones.
  const js = /^JS:.(?:'(.*?) )?\s*(\S+):(\d+):(\d+)$/.exec(symbol);
  if (js) {
    const url = js[2] ?? '';
    return { functionName: js[1] ?? '', url, lineNumber: Number(js[3]) - 1, kernel };
  }
  return { functionName: symbol, url: '', lineNumber: 0, kernel };
}

export function summarisePerf(file: string, requests?: number): PerfSummary {
  const text = execFileSync('perf', ['script', '-i', file], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const totals = new Map<string, { ms: number; kernelMs: number }>();
  let cpuMs = 0;
  let kernelMs = 0;
  const account = (header: string, frames: Frame[]) => {
    // "MainThread 24910  2221.332421:    1003009 cpu-clock: "
    const head = /^(.*?)\s+\d+\s+[\d.]+:\s+(\d+)\s+\S+:/.exec(header);
    if (!head) return;
    const ms = Number(head[2]) / 1e6;
    const thread = head[1] ?? '';
    const inKernel = frames[0]?.kernel ?? false;
    let component: string | undefined;
    if (frames.some((frame) => frame.url === '' && gcSymbol.test(frame.functionName))) {
      component = '(garbage collector)';
    } else if (
      frames.some(
        (frame) =>
          frame.url === '' &&
          /OptimizingCompileTaskExecutor|v8::internal::compiler::|v8::internal::maglev::/.test(
            frame.functionName,
          ),
      )
    ) {
      component = 'JIT compiler (V8 background threads)';
    } else if (thread !== 'MainThread') {
      component = `other threads (${thread.trim() || 'unnamed'})`;
    } else {
      for (const frame of frames) {
        if (frame.kernel) continue;
        const area = areaOf(frame);
        component = componentRules.find((rule) => rule.test(frame, area))?.name;
        if (component) break;
      }
      component ??= inKernel
        ? 'kernel, no library frame (event loop I/O)'
        : 'node core / V8, no library frame';
    }
    const entry = totals.get(component) ?? { ms: 0, kernelMs: 0 };
    entry.ms += ms;
    if (inKernel) entry.kernelMs += ms;
    totals.set(component, entry);
    cpuMs += ms;
    if (inKernel) kernelMs += ms;
  };
  let header: string | undefined;
  let frames: Frame[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (header) account(header, frames);
      header = undefined;
      frames = [];
    } else if (/^\s/.test(line)) {
      const frame = parseFrame(line);
      if (frame) frames.push(frame);
    } else {
      header = line;
    }
  }
  if (header) account(header, frames);
  const components = [...totals]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([name, entry]) => ({
      name,
      ms: Math.round(entry.ms),
      percent: Math.round((entry.ms / cpuMs) * 1000) / 10,
      kernelPercent: Math.round((entry.kernelMs / entry.ms) * 100),
      ...(requests ? { usPerRequest: Math.round((entry.ms * 1000) / requests) } : {}),
    }));
  return {
    file,
    cpuMs: Math.round(cpuMs),
    ...(requests ? { requests } : {}),
    kernelPercent: Math.round((kernelMs / cpuMs) * 1000) / 10,
    components,
  };
}

export function printPerfSummary(summary: PerfSummary, title = summary.file): void {
  const perRequest = summary.requests
    ? `, ${summary.requests} requests, ${Math.round((summary.cpuMs * 1000) / summary.requests)} µs CPU per request`
    : '';
  console.log(
    `\nperf ${title}: ${summary.cpuMs} ms CPU${perRequest}, ${summary.kernelPercent} % in the kernel`,
  );
  for (const row of summary.components) {
    const us = row.usPerRequest === undefined ? '' : `${String(row.usPerRequest).padStart(5)} µs/req  `;
    console.log(
      `  ${row.percent.toFixed(1).padStart(5)} %  ${us}(kernel ${String(row.kernelPercent).padStart(3)} %)  ${row.name}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/perf-summary.ts <perf.data> [requests]');
    process.exit(2);
  }
  const requests = process.argv[3] ? Number(process.argv[3]) : undefined;
  printPerfSummary(summarisePerf(file, requests));
}
