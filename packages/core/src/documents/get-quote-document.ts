import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { findQuote, quoteDetail } from '../quotes/store.ts';
import { findWorkspace } from '../workspaces/store.ts';
import { quoteModel } from './model.ts';
import { freshDocument, issuedDocument, type RenderDocument } from './render.ts';
import { type DocumentFile, type DocumentStorage, postgresDocumentStorage } from './storage.ts';

/**
 * A quote's PDF ("Devis"). Once sent (it has a number) it is kept like an issued invoice's: the
 * first render, byte for byte ever after, whatever its later status. Unsent, it is rendered
 * fresh each time.
 */
export async function getQuoteDocument(
  em: EntityManager,
  workspaceId: string,
  id: string,
  render: RenderDocument,
  storage: DocumentStorage = postgresDocumentStorage(em),
): Promise<DocumentFile> {
  const stored = await findQuote(em, workspaceId, id);
  if (!stored) throw notFound('Quote');
  const { number } = stored.view;
  const request = { workspaceId, sourceId: id, format: 'pdf' as const, baseName: number ?? id };
  const model = async () => {
    const workspace = await findWorkspace(em, workspaceId);
    if (!workspace) throw new Error(`workspace ${workspaceId} not found`);
    return quoteModel(await quoteDetail(em, stored), workspace);
  };
  if (number !== null) return issuedDocument(request, storage, model, render);
  return freshDocument(request, await model(), render);
}
