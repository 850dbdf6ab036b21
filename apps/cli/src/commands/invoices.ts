import { writeFile } from 'node:fs/promises';
import {
  type EinvoiceHistoryEntry,
  einvoiceHistory,
  findDemoWorkspaceId,
  getInvoice,
  getInvoiceDocument,
} from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import { withOrm } from '../database.ts';
import { CliError, type Flags, type Output, required } from '../output.ts';

/**
 * `invoice pdf ID --out FILE [--workspace W]`: the invoice's PDF, as GET /invoices/{id}/pdf
 * serves it (an issued invoice's stored Factur-X PDF, a draft's fresh "BROUILLON" PDF), rendered
 * here in-process when it must be. Without --workspace, the demo workspace `seed` made.
 */
/** --workspace, else the demo workspace `seed` made. */
async function workspaceOf(orm: MikroORM, flags: Flags): Promise<string> {
  const workspaceId =
    typeof flags.workspace === 'string' ? flags.workspace : await findDemoWorkspaceId(orm.em.fork());
  if (!workspaceId) throw new CliError('--workspace is required (there is no demo workspace)');
  return workspaceId;
}

export async function invoicePdf(out: Output, id: string | undefined, flags: Flags) {
  if (!id) throw new CliError('usage: invoice pdf ID --out FILE [--workspace W]');
  const file = required(flags, 'out');
  const document = await withOrm(async (orm) => {
    const workspaceId = await workspaceOf(orm, flags);
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

function describeChange(entry: EinvoiceHistoryEntry): string {
  const code = entry.platformCode === null ? '' : ` ${entry.platformCode}`;
  const flow = entry.flowId ? `  flow ${entry.flowId}` : '';
  const reason = entry.reason ? `  (${entry.reason})` : '';
  return `  ${entry.at}  ${entry.status} (${entry.platformStatus}${code}, ${entry.source})${flow}${reason}`;
}

/**
 * `invoice einvoice ID [--workspace W]`: where the invoice stands with the workspace's approved
 * platform, and every change, oldest first (core's einvoiceHistory, as invoices.einvoiceHistory).
 */
export async function invoiceEinvoice(out: Output, id: string | undefined, flags: Flags) {
  if (!id) throw new CliError('usage: invoice einvoice ID [--workspace W]');
  const { invoice, history } = await withOrm(async (orm) => {
    const workspaceId = await workspaceOf(orm, flags);
    return {
      invoice: await getInvoice(orm.em.fork(), workspaceId, id),
      history: await einvoiceHistory(orm.em.fork(), workspaceId, id),
    };
  });
  const { einvoice } = invoice;
  out.result({ id: invoice.id, number: invoice.number, einvoice, history }, () => [
    einvoice === null
      ? `${invoice.number}: not an e-invoice (the workspace had no platform connection when it was issued, or it is a draft).`
      : `${invoice.number}: ${einvoice.status} since ${einvoice.statusAt}${einvoice.flowId ? `, flow ${einvoice.flowId}` : ''}${einvoice.reason ? ` (${einvoice.reason})` : ''}`,
    ...history.map(describeChange),
  ]);
}
