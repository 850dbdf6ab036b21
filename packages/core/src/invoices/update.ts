import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { deleteLines, documentLines, insertLines, lineToCreate } from '../lines/store.ts';
import { documentAmounts } from '../lines/totals.ts';
import { type InvoiceDetailView, type InvoiceUpdate, invoiceUpdateSchema } from './schemas.ts';
import { requireDraftInvoice } from './status.ts';
import { findInvoice, invoiceDetail } from './store.ts';
import { type RecomputedAmounts, updateInvoiceFields } from './transition-store.ts';
import { requireCompatibleVat } from './vat-treatment.ts';

/**
 * Updates a DRAFT invoice (`lines` replaces every line) and records `invoice.updated`. New
 * lines, a new discount or a change of reverse charge recompute the stored amounts. The VAT
 * fields as they would be after the update must go together (vatConflicts: 400 invalid_body
 * naming the field given), or nothing is written.
 */
export async function updateInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: InvoiceUpdate,
): Promise<InvoiceDetailView> {
  const { lines, ...patch } = invoiceUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findInvoice(tx, workspaceId, id, true);
    if (!current) throw notFound('Invoice');
    requireDraftInvoice(current, 'update');
    const vatExemption = patch.vatExemption === undefined ? current.vatExemption : patch.vatExemption;
    requireCompatibleVat(
      {
        vatExemption,
        reverseCharge: patch.reverseCharge ?? current.reverseCharge,
        // The stored lines are read only when an exemption needs their rates.
        lineRates:
          vatExemption === null
            ? []
            : (lines ?? (await documentLines(tx, 'invoice', id))).map((line) => line.taxRate),
      },
      {
        vatExemption: patch.vatExemption !== undefined,
        reverseCharge: patch.reverseCharge !== undefined,
        lines: lines !== undefined,
      },
    );
    let recomputed: RecomputedAmounts | undefined;
    if (lines) {
      await deleteLines(tx, 'invoice', id);
      await insertLines(tx, 'invoice', workspaceId, id, lines);
    }
    if (lines || patch.discountPercent !== undefined || patch.reverseCharge !== undefined) {
      const priced = lines ?? (await documentLines(tx, 'invoice', id)).map(lineToCreate);
      const amounts = documentAmounts(priced, {
        discountPercent: patch.discountPercent ?? current.discountPercent,
        reverseCharge: patch.reverseCharge ?? current.reverseCharge,
      });
      recomputed = { amounts, ...(lines?.[0] ? { firstLineTaxRate: lines[0].taxRate } : {}) };
    }
    const changed = await updateInvoiceFields(tx, id, patch, recomputed);
    // An empty patch changes nothing, so it records nothing either.
    if (!changed) return invoiceDetail(tx, current);
    const updated = await findInvoice(tx, workspaceId, id);
    if (!updated) throw new Error('updated invoice not found');
    await recordEvent(tx, workspaceId, 'invoice.updated', updated);
    return invoiceDetail(tx, updated);
  });
}
