import type { DocumentModel } from '@comptoir/documents';
import { type DocumentFile, type DocumentFormat, type DocumentStorage, sha256Of } from './storage.ts';

/**
 * The renderer core is given (the API passes its worker-thread pool): core builds the model and
 * keeps the record, and never renders itself.
 */
export type RenderDocument = (model: DocumentModel, format: DocumentFormat) => Promise<Uint8Array>;

const contentTypes: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  xml: 'application/xml',
};

/** What is rendered, for which record, under which name. */
export interface DocumentRequest {
  workspaceId: string;
  sourceId: string;
  format: DocumentFormat;
  /** `INV-2026-00042`: the file is `INV-2026-00042.pdf`. */
  baseName: string;
}

/** Renders the model now (a draft, an unsent quote): nothing is kept. */
export async function freshDocument(
  request: DocumentRequest,
  model: DocumentModel,
  render: RenderDocument,
): Promise<DocumentFile> {
  const content = await render(model, request.format);
  return {
    content,
    sha256: sha256Of(content),
    contentType: contentTypes[request.format],
    filename: `${request.baseName}.${request.format}`,
  };
}

/**
 * The document of an issued record: the one kept if any, else rendered from the model read now
 * and kept. When first renders race, the storage keeps the first saved and every caller gets
 * those bytes. The render runs outside any transaction: it holds no lock.
 */
export async function issuedDocument(
  request: DocumentRequest,
  storage: DocumentStorage,
  model: () => Promise<DocumentModel>,
  render: RenderDocument,
): Promise<DocumentFile> {
  const { workspaceId, sourceId, format } = request;
  const stored =
    (await storage.find(workspaceId, sourceId, format)) ??
    (await storage.save({
      workspaceId,
      sourceId,
      format,
      ...(await freshDocument(request, await model(), render)),
    }));
  return {
    content: stored.content,
    sha256: stored.sha256,
    contentType: stored.contentType,
    filename: stored.filename,
  };
}
