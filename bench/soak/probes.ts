/** Readings the samples are made of that bench/lib.ts does not have: /metrics and the machine's CPU. */
import { readFileSync } from 'node:fs';
import { clockTicksPerSecond } from '../lib.ts';

/** A Prometheus text exposition as `name{labels}` → value (an empty map if it cannot be read). */
export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    for (const line of (await response.text()).split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      const space = line.lastIndexOf(' ');
      values.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
  } catch {
    // A missed scrape leaves NaN in the sample.
  }
  return values;
}

/** CPU time (ms) the whole machine has been busy, all cores (/proc/stat: all but idle and iowait). */
export function machineCpuMs(): number {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return ((total - idle) * 1000) / clockTicksPerSecond;
  } catch {
    return Number.NaN;
  }
}
