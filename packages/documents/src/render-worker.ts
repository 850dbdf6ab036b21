import type { DocumentModel } from './model.ts';
import { type DocumentFormat, renderDocument } from './render.ts';

export interface RenderTask {
  model: DocumentModel;
  format: DocumentFormat;
}

/** piscina's entry point in each worker thread (see pool.ts): one task, one document. */
export default function render({ model, format }: RenderTask): Promise<Uint8Array> {
  return renderDocument(model, format);
}
