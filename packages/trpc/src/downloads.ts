import type { DocumentFile } from '@comptoir/core';
import { z } from 'zod';
import type { RestResponse } from './rest.ts';

/**
 * A document over tRPC: JSON carries no bytes, so they travel in base64. REST sends the bytes
 * themselves (restDownload below), from this same answer.
 */
export const documentDownloadSchema = z.object({
  filename: z.string().meta({ description: 'The file name, e.g. `INV-2026-00042.pdf`.' }),
  contentType: z.enum(['application/pdf', 'application/xml', 'application/octet-stream']),
  sha256: z.string().meta({ description: "Hex SHA-256 of the bytes: the REST answer's ETag." }),
  contentBase64: z.string().meta({ description: 'The bytes, in base64.' }),
});

export type DocumentDownload = z.infer<typeof documentDownloadSchema>;

export function documentDownload(document: DocumentFile): DocumentDownload {
  return {
    filename: document.filename,
    contentType: documentDownloadSchema.shape.contentType.parse(document.contentType),
    sha256: document.sha256,
    contentBase64: Buffer.from(document.content).toString('base64'),
  };
}

/** Whether `If-None-Match` names this entity tag (or is `*`), compared weakly as RFC 9110 says. */
function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A file name safe inside the quoted `filename` parameter of Content-Disposition. */
const headerSafe = (filename: string) => filename.replace(/[^\w.-]/g, '_');

/**
 * The REST answer of a download procedure: its bytes with their type, name and ETag, or 304
 * when the caller already holds them. Success only: an error keeps the JSON envelope.
 */
export function restDownload(answer: RestResponse, ifNoneMatch: string | undefined): RestResponse {
  const { data } = JSON.parse(answer.body as string) as { data: DocumentDownload };
  const etag = `"${data.sha256}"`;
  const headers = {
    ...answer.headers,
    ETag: etag,
    'Cache-Control': 'private',
    'Content-Disposition': `inline; filename="${headerSafe(data.filename)}"`,
  };
  if (matchesEntityTag(ifNoneMatch, etag)) return { ...answer, status: 304, headers, body: '' };
  return {
    ...answer,
    headers,
    contentType: data.contentType,
    body: Buffer.from(data.contentBase64, 'base64'),
  };
}
