/**
 * The webhook bench's receiver (`node bench/webhooks.ts --receiver`), in its own process: it
 * answers 200 at once and reports each (path, webhook-id) the first time it arrives. Arrivals
 * are collected from it every sample and kept here by event id.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { benchDir } from '../lib.ts';
import { receiverPath } from './settings.ts';

/** What `bench/webhooks.ts --receiver` sends its parent. */
type ReceiverMessage =
  | { type: 'listening'; port: number }
  | { type: 'progress'; count: number }
  | { type: 'arrivals'; arrivals: { key: string; at: number }[]; duplicates: number; total: number };

export interface Receiver {
  pid: number | undefined;
  url(path: string): string;
  /** Distinct deliveries so far (collected, plus those of the current phase). */
  received(): number;
  /** Redeliveries of an event already received, over the run. */
  duplicates(): number;
  /** Wall-clock ms of each event's first arrival at receiverPath, by event id (the collected ones). */
  arrivals(): Map<string, number>;
  /** Takes the current phase's arrivals from the receiver process (a new phase starts). */
  collect(): Promise<void>;
  stop(): void;
}

export async function startReceiver(): Promise<Receiver> {
  const child = fork(join(benchDir, 'webhooks.ts'), ['--receiver'], { stdio: 'inherit' });
  const arrivals = new Map<string, number>();
  const counts = { phase: 0, duplicates: 0 };
  let pendingCollect: (() => void) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
    child.on('message', (message: ReceiverMessage) => {
      if (message.type === 'listening') resolve(message.port);
      else if (message.type === 'progress') counts.phase = message.count;
      else if (message.type === 'arrivals') {
        keepArrivals(message, arrivals);
        counts.duplicates = message.duplicates;
        counts.phase = 0;
        pendingCollect?.();
      }
    });
  });
  return {
    pid: child.pid,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: () => arrivals.size + counts.phase,
    duplicates: () => counts.duplicates,
    arrivals: () => arrivals,
    collect: () =>
      new Promise<void>((resolve) => {
        pendingCollect = resolve;
        child.send({ type: 'collect' });
      }),
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
}

/** Arrivals at receiverPath, by event id (the webhook-id the worker sends is the event's id). */
function keepArrivals(
  message: Extract<ReceiverMessage, { type: 'arrivals' }>,
  arrivals: Map<string, number>,
): void {
  for (const arrival of message.arrivals) {
    const [path, id] = arrival.key.split(' ');
    if (path === receiverPath && id) arrivals.set(id, arrival.at);
  }
}
