import { renderFacturXXml } from './cii.ts';
import type { DocumentModel } from './model.ts';
import { renderPdf } from './pdf.ts';

export type DocumentFormat = 'pdf' | 'xml';

/** What core's document use cases are given to turn a model into bytes. */
export type RenderDocument = (model: DocumentModel, format: DocumentFormat) => Promise<Uint8Array>;

/**
 * A document's bytes. An issued invoice or credit note is an e-invoice: its PDF is the Factur-X
 * PDF/A-3 carrying the CII XML. A draft is not an invoice and a quote is not one either: their
 * PDF carries no XML, and a draft has no XML at all (core refuses it before asking).
 */
export const renderDocument: RenderDocument = async (model, format) => {
  const einvoice = model.kind !== 'quote' && !model.draft;
  if (format === 'xml') {
    if (!einvoice) throw new Error(`No Factur-X XML for a ${model.draft ? 'draft' : model.kind}`);
    return new TextEncoder().encode(await renderFacturXXml(model));
  }
  if (!einvoice) return renderPdf(model, {});
  return renderPdf(model, { facturXXml: await renderFacturXXml(model) });
};
