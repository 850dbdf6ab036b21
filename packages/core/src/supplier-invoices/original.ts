import type { EntityManager } from '@comptoir/db';
import type { DocumentFile } from '../documents/storage.ts';
import { notFound } from '../errors/index.ts';
import { findSupplierInvoiceRow, supplierInvoiceFile } from './store.ts';

/** The file of a supplier invoice as it was received, byte for byte, with its SHA-256 and media type. */
export async function getSupplierInvoiceOriginal(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<DocumentFile> {
  const row = await findSupplierInvoiceRow(em, workspaceId, id);
  if (!row) throw notFound('Supplier invoice');
  const file = await supplierInvoiceFile(em, id);
  return {
    content: new Uint8Array(file.content.buffer, file.content.byteOffset, file.content.byteLength),
    sha256: file.sha256,
    contentType: file.content_type,
    filename: file.file_name,
  };
}
