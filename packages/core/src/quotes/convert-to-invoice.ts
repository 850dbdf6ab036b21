import { type EntityManager, inTransaction, newId } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { sirenOfSiret } from '../identifiers/french.ts';
import { draftInvoice, invoiceBuyer } from '../invoices/compose.ts';
import { insertNumberedInvoices } from '../invoices/numbered-insert-store.ts';
import { lineToCreate } from '../lines/store.ts';
import { documentAmounts } from '../lines/totals.ts';
import { findOpportunity, markOpportunityWon } from '../opportunities/store.ts';
import type { QuoteDetailView, QuoteView } from './schemas.ts';
import { quoteDetail, transactionTime } from './store.ts';
import { lockQuote, requireStatus } from './transition.ts';
import { quoteInvoiceLink } from './transition-store.ts';

/** Moves the quote's opportunity to WON and records `opportunity.won`, unless it was WON already. */
async function winOpportunity(tx: EntityManager, workspaceId: string, opportunityId: string): Promise<void> {
  if (!(await markOpportunityWon(tx, workspaceId, opportunityId))) return;
  const won = await findOpportunity(tx, workspaceId, opportunityId);
  if (!won) throw new Error(`opportunity ${opportunityId} vanished while won`);
  // An Opportunity, as opportunity.created carries it: the detail's quoteSentAt is left out.
  const { quoteSentAt: _, ...opportunity } = won;
  await recordEvent(tx, workspaceId, 'opportunity.won', opportunity);
}

/**
 * Turns an ACCEPTED quote into a new DRAFT invoice, numbered like any invoice, with the quote's
 * client (address, VAT number, and the SIREN of its SIRET), currency, title and lines; links the quote to it and wins the quote's opportunity.
 * Records `opportunity.won` (when it moved), `quote.invoiced` and `invoice.created`.
 *
 * The invoice's number locks the workspace's counter until the commit, so its statement comes
 * last and also writes the quote's link (which needs the invoice to exist): everything else
 * is written before, and nothing is read back after.
 */
export async function convertQuoteToInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<QuoteDetailView> {
  return inTransaction(em, async (tx) => {
    const current = await lockQuote(tx, workspaceId, id);
    const { view } = current;
    if (view.invoiceId) {
      throw new AppError(
        'quote_already_invoiced',
        `Quote ${id} was already converted into invoice ${view.invoiceId}`,
      );
    }
    requireStatus(view, ['ACCEPTED'], 'invoice');
    const detail = await quoteDetail(tx, current);
    const lines = detail.lines.map(lineToCreate);
    const amounts = documentAmounts(lines);
    // The transaction's time: the invoice's creation and the quote's update are one instant.
    const now = await transactionTime(tx);
    const invoice = draftInvoice(
      {
        title: view.title,
        clientName: view.clientName,
        clientCompany: view.clientCompany,
        clientEmail: view.clientEmail,
        currency: view.currency,
        taxRate: view.taxRate,
      },
      invoiceBuyer({
        clientAddress: detail.clientAddress,
        clientSiren: sirenOfSiret(detail.clientSiret),
        clientVatNumber: detail.clientVatNumber,
      }),
      amounts,
      new Date(now),
    );
    if (view.opportunityId) await winOpportunity(tx, workspaceId, view.opportunityId);
    const invoiced: QuoteView = { ...view, invoiceId: invoice.id, updatedAt: now };
    await recordEvent(tx, workspaceId, 'quote.invoiced', invoiced);
    await insertNumberedInvoices(
      tx,
      workspaceId,
      [{ invoice, amounts, lines, eventId: newId('event') }],
      quoteInvoiceLink(workspaceId, id, invoice.id),
    );
    return { ...detail, ...invoiced };
  });
}
