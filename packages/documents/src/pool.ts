import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DocumentModel } from './model.ts';
import type { DocumentFormat } from './render.ts';
import type { RenderTask } from './render-worker.ts';

export interface RenderPool {
  /** The document's bytes, rendered in a worker thread. */
  render(model: DocumentModel, format: DocumentFormat): Promise<Uint8Array>;
  /** Waits for the queued renders, then stops the threads. */
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** Worker threads at most (default: half the cores, at least 1: the API keeps the others). */
  threads?: number;
  /** An idle thread stops after this long (ms), so an idle API holds no renderer in memory. */
  idleTimeout?: number;
}

/**
 * Rendering (XML, PDF/A-3, font subsetting) takes tens of milliseconds of CPU: it runs in
 * worker threads so the event loop keeps serving other requests. The worker is the .ts file
 * itself, run by Node's type stripping like the rest of the repository; no thread starts
 * before the first render.
 */
export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = options.threads ?? Math.max(1, Math.floor(availableParallelism() / 2));
  const pool = new Piscina<RenderTask, Uint8Array>({
    filename: new URL('./render-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeout ?? 60_000,
  });
  return {
    render: (model, format) => pool.run({ model, format }),
    close: () => pool.close(),
  };
}
