import { AppError, type ErrorDetail } from '../errors/index.ts';
import type { WorkspaceView } from '../workspaces/schemas.ts';
import type { InvoiceView } from './schemas.ts';

/**
 * No VAT applies when the invoice is not under reverse charge and every line is at 0 %: a seller
 * outside VAT (franchise en base, art. 293 B du CGI) has no VAT number to print. Under reverse
 * charge VAT applies, paid by the buyer, so both VAT numbers are needed (EN 16931 BR-AE-02).
 */
export function noVatApplies(invoice: InvoiceView): boolean {
  return !invoice.reverseCharge && invoice.totals.taxes.every((tax) => tax.rate === 0);
}

/**
 * What an invoice and its seller lack to make a valid EN 16931 document (rulings: "Documents"),
 * one detail per missing field: the seller's legal name, SIREN, VAT number (unless no VAT
 * applies) and address; the buyer's country, its SIREN when it is a French company, and its VAT
 * number under reverse charge.
 */
export function missingDocumentFields(invoice: InvoiceView, seller: WorkspaceView): ErrorDetail[] {
  const missing: ErrorDetail[] = [];
  const need = (path: string, what: string) => missing.push({ path, message: `${what} is required` });
  if (!seller.legalName) need('workspace.legalName', 'the seller’s legal name');
  if (!seller.siren) need('workspace.siren', 'the seller’s SIREN');
  if (!seller.vatNumber && !noVatApplies(invoice)) need('workspace.vatNumber', 'the seller’s VAT number');
  if (!seller.address) need('workspace.address', 'the seller’s address');
  if (!invoice.clientCountryCode) need('clientCountryCode', 'the buyer’s country');
  if (invoice.clientCompany && invoice.clientCountryCode === 'FR' && !invoice.clientSiren) {
    need('clientSiren', 'a French company buyer’s SIREN');
  }
  if (invoice.reverseCharge && !invoice.clientVatNumber) {
    need('clientVatNumber', 'under reverse charge, the buyer’s VAT number');
  }
  return missing;
}

/** 422 invoice_incomplete naming each missing field, unless nothing is missing. */
export function requireCompleteInvoice(invoice: InvoiceView, seller: WorkspaceView): void {
  const missing = missingDocumentFields(invoice, seller);
  if (missing.length === 0) return;
  throw new AppError(
    'invoice_incomplete',
    `Invoice ${invoice.id} cannot make a valid EN 16931 document: ${missing.map((detail) => detail.path).join(', ')} missing`,
    { details: missing },
  );
}
