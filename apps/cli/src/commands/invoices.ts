import { writeFile } from 'node:fs/promises';
import { findDemoWorkspaceId, getInvoiceDocument } from '@comptoir/core';
import { withOrm } from '../database.ts';
import { CliError, type Flags, type Output, required } from '../output.ts';

/**
 * `invoice pdf ID --out FILE [--workspace W]`: the invoice's PDF, as GET /invoices/{id}/pdf
 * serves it (an issued invoice's stored Factur-X PDF, a draft's fresh "BROUILLON" PDF), rendered
 * here in-process when it must be. Without --workspace, the demo workspace `seed` made.
 */
export async function invoicePdf(out: Output, id: string | undefined, flags: Flags) {
  if (!id) throw new CliError('usage: invoice pdf ID --out FILE [--workspace W]');
  const file = required(flags, 'out');
  const document = await withOrm(async (orm) => {
    const workspaceId =
      typeof flags.workspace === 'string' ? flags.workspace : await findDemoWorkspaceId(orm.em.fork());
    if (!workspaceId) throw new CliError('--workspace is required (there is no demo workspace)');
    // Loaded here, not with the CLI: the renderers (pdfkit, fonts, factur-x-kit) are heavy, and
    // every other command would load them for nothing.
    const { renderDocument } = await import('@comptoir/documents/render');
    return getInvoiceDocument(orm.em.fork(), workspaceId, id, 'pdf', renderDocument);
  });
  await writeFile(file, document.content);
  const { filename, sha256 } = document;
  out.result({ file, filename, sha256, bytes: document.content.byteLength }, () => [
    `Wrote ${filename} to ${file} (${document.content.byteLength} bytes, SHA-256 ${sha256})`,
  ]);
}
