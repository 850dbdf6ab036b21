import type { EntityManager } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { findInvoice } from '../invoices/store.ts';
import { documentLines } from '../lines/store.ts';
import { findWorkspace } from '../workspaces/store.ts';
import { invoiceModel } from './model.ts';
import { freshDocument, issuedDocument, type RenderDocument } from './render.ts';
import {
  type DocumentFile,
  type DocumentFormat,
  type DocumentStorage,
  postgresDocumentStorage,
} from './storage.ts';

/**
 * An invoice's or a credit note's document (rulings: "Documents"). Issued (SENT, PARTIAL, PAID,
 * OVERDUE, CANCELLED) or a credit note: its first render, kept with its SHA-256 and returned
 * byte for byte ever after, whatever changes since (the workspace's identity, the templates,
 * the invoice's payments or cancellation). A DRAFT is not an invoice: its PDF is rendered fresh
 * each time, marked draft, and it has no XML (409 invoice_not_issued).
 */
export async function getInvoiceDocument(
  em: EntityManager,
  workspaceId: string,
  id: string,
  format: DocumentFormat,
  render: RenderDocument,
  storage: DocumentStorage = postgresDocumentStorage(em),
): Promise<DocumentFile> {
  const invoice = await findInvoice(em, workspaceId, id);
  if (!invoice) throw notFound('Invoice');
  const request = { workspaceId, sourceId: id, format, baseName: invoice.number };
  const model = async () => {
    const workspace = await findWorkspace(em, workspaceId);
    if (!workspace) throw new Error(`workspace ${workspaceId} not found`);
    const credited = invoice.creditedInvoiceId
      ? await findInvoice(em, workspaceId, invoice.creditedInvoiceId)
      : undefined;
    return invoiceModel({ invoice, lines: await documentLines(em, 'invoice', id), workspace, credited });
  };
  if (invoice.status !== 'DRAFT') return issuedDocument(request, storage, model, render);
  if (format === 'xml') {
    throw new AppError(
      'invoice_not_issued',
      `Invoice ${id} is a DRAFT: it has no Factur-X XML until it is sent`,
    );
  }
  return freshDocument(request, await model(), render);
}
