import { constants, setPriority } from 'node:os';
import type { DocumentModel } from './model.ts';
import { type DocumentFormat, renderDocument } from './render.ts';

export interface RenderTask {
  model: DocumentModel;
  format: DocumentFormat;
}

// A render is batch work beside the API's requests: on Linux a nice value belongs to a thread,
// and setPriority without a pid sets the calling one, so this worker thread yields the CPU to
// the event loop (GET /products p99 rose 1.75x while 4 connections rendered, at equal priority).
// Where the system refuses (another OS, a sandbox), the render still runs at normal priority.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // not allowed here: nothing to change
}

/** piscina's entry point in each worker thread (see pool.ts): one task, one document. */
export default function render({ model, format }: RenderTask): Promise<Uint8Array> {
  return renderDocument(model, format);
}
