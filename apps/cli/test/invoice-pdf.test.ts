import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createInvoice,
  findDemoWorkspaceId,
  getInvoiceDocument,
  sendInvoice,
  sha256Of,
} from '@comptoir/core';
import { factories } from '@comptoir/core/factories';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// `invoice pdf ID --out FILE [--workspace W]`: the invoice's document as the API serves it.

let db: TestDatabase;
const scratch = mkdtempSync(join(tmpdir(), 'comptoir-cli-pdf-'));

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const cli = (args: string[]) => runCli(args, db.url);

const invoiceInput = {
  clientName: 'Café du Port',
  clientEmail: 'compta@port.test',
  lines: [{ title: 'Conseil', quantity: 2, unitPrice: 50, taxRate: 20 }],
};

/** A new invoice of a seller workspace, sent unless told: its id and number. */
async function invoiceOf(workspaceId: string, send = true) {
  const draft = await createInvoice(db.orm.em.fork(), workspaceId, invoiceInput);
  if (!send) return draft;
  return sendInvoice(db.orm.em.fork(), workspaceId, draft.id);
}

const noRender = () => Promise.reject(new Error('an issued invoice’s document must be the stored one'));

describe('invoice pdf', () => {
  it('writes a sent invoice’s PDF: the document stored for it, which the API then serves', async () => {
    const make = factories(db.orm);
    const workspace = await make.workspace();
    await make.seller(workspace.id);
    const invoice = await invoiceOf(workspace.id);
    const out = join(scratch, 'sent.pdf');
    const run = cli(['invoice', 'pdf', invoice.id, '--workspace', workspace.id, '--out', out, '--json']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const written = new Uint8Array(readFileSync(out));
    expect(new TextDecoder().decode(written.slice(0, 5))).toBe('%PDF-');
    expect(JSON.parse(run.last)).toEqual({
      file: out,
      filename: `${invoice.number}.pdf`,
      sha256: sha256Of(written),
      bytes: written.byteLength,
    });
    const stored = await getInvoiceDocument(db.orm.em.fork(), workspace.id, invoice.id, 'pdf', noRender);
    expect(stored.sha256).toBe(sha256Of(written));
  });

  it('acts on the demo workspace without --workspace, and prints a line for people', async () => {
    expect(cli(['seed', '--json']).status).toBe(0);
    const demoId = await findDemoWorkspaceId(db.orm.em.fork());
    if (!demoId) throw new Error('seed made no demo workspace');
    const draft = await invoiceOf(demoId, false);
    const out = join(scratch, 'draft.pdf');
    const run = cli(['invoice', 'pdf', draft.id, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.last).toMatch(new RegExp(`^Wrote .+\\.pdf to ${out} \\(\\d+ bytes, SHA-256 [0-9a-f]{64}\\)$`));
    expect(new TextDecoder().decode(readFileSync(out).subarray(0, 5))).toBe('%PDF-');
  });

  it('refuses without --out, and names an invoice of another workspace as not found', async () => {
    const make = factories(db.orm);
    const workspace = await make.workspace();
    await make.seller(workspace.id);
    const invoice = await invoiceOf(workspace.id);
    const missingOut = cli(['invoice', 'pdf', invoice.id, '--workspace', workspace.id]);
    expect(missingOut.status).not.toBe(0);
    expect(missingOut.stderr).toMatch(/--out is required/);
    const other = await make.workspace();
    const elsewhere = cli([
      'invoice',
      'pdf',
      invoice.id,
      '--workspace',
      other.id,
      '--out',
      join(scratch, 'x.pdf'),
    ]);
    expect(elsewhere.status).not.toBe(0);
    expect(elsewhere.stderr).toMatch(/not_found/);
  });
});
