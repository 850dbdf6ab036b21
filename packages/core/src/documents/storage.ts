import { createHash } from 'node:crypto';
import { type DocumentFormat, type EntityManager, kysely, newId } from '@comptoir/db';

export type { DocumentFormat } from '@comptoir/db';

/** A rendered document: its bytes, their SHA-256 (hex) and how to serve them. */
export interface DocumentFile {
  content: Uint8Array;
  sha256: string;
  contentType: string;
  filename: string;
}

/** A document kept as the record of what was issued, for one source (invoice or quote) and format. */
export interface StoredDocument extends DocumentFile {
  workspaceId: string;
  sourceId: string;
  format: DocumentFormat;
}

/**
 * Where issued documents are kept. PostgreSQL by default (postgresDocumentStorage); an
 * S3-compatible store can take its place. `save` keeps the FIRST document saved for a source
 * and format and answers that one, whoever saved it: two first renders racing keep one record.
 */
export interface DocumentStorage {
  find(workspaceId: string, sourceId: string, format: DocumentFormat): Promise<StoredDocument | undefined>;
  save(document: StoredDocument): Promise<StoredDocument>;
}

export function sha256Of(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The `documents` table: one row per (workspace, source, format), never updated. */
export function postgresDocumentStorage(em: EntityManager): DocumentStorage {
  const find = async (workspaceId: string, sourceId: string, format: DocumentFormat) => {
    const row = await kysely(em)
      .selectFrom('documents')
      .select(['workspace_id', 'source_id', 'format', 'content', 'sha256', 'content_type', 'filename'])
      .where('workspace_id', '=', workspaceId)
      .where('source_id', '=', sourceId)
      .where('format', '=', format)
      .executeTakeFirst();
    return (
      row && {
        workspaceId: row.workspace_id,
        sourceId: row.source_id,
        format: row.format,
        content: new Uint8Array(row.content.buffer, row.content.byteOffset, row.content.byteLength),
        sha256: row.sha256,
        contentType: row.content_type,
        filename: row.filename,
      }
    );
  };
  return {
    find,
    async save(document) {
      await kysely(em)
        .insertInto('documents')
        .values({
          id: newId('document'),
          workspace_id: document.workspaceId,
          source_id: document.sourceId,
          format: document.format,
          sha256: document.sha256,
          content: Buffer.from(
            document.content.buffer,
            document.content.byteOffset,
            document.content.byteLength,
          ),
          content_type: document.contentType,
          filename: document.filename,
        })
        .onConflict((conflict) => conflict.columns(['workspace_id', 'source_id', 'format']).doNothing())
        .execute();
      const kept = await find(document.workspaceId, document.sourceId, document.format);
      if (!kept)
        throw new Error(`document ${document.sourceId}.${document.format} vanished after its insert`);
      return kept;
    },
  };
}
