import { AppError, type ErrorDetail } from '../errors/index.ts';
import type { WorkspaceView } from '../workspaces/schemas.ts';
import type { InvoiceView } from './schemas.ts';
import { documentVatExemption, inAnotherEuMemberState } from './vat-treatment.ts';

/**
 * No VAT applies when the invoice is not under reverse charge, every line is at 0 % and no
 * exemption says it is within VAT: a seller outside VAT has no VAT number to print. Under
 * reverse charge VAT applies, paid by the buyer, so both VAT numbers are needed (EN 16931
 * BR-AE-02); an exempt, exported or intra-community supply names the seller's (BR-E-02, BR-G-02,
 * BR-IC-02), even under the franchise en base; an operation not subject to VAT (O) names none.
 */
export function noVatApplies(invoice: InvoiceView): boolean {
  const exemption = documentVatExemption(invoice);
  return (
    !invoice.reverseCharge &&
    invoice.totals.taxes.every((tax) => tax.rate === 0) &&
    (exemption === null || exemption.category === 'O')
  );
}

/**
 * What an invoice and its seller lack to make a valid EN 16931 document (rulings: "Documents"),
 * one detail per missing field: the seller's legal name, SIREN, VAT number (unless no VAT
 * applies) and address; the buyer's country, its SIREN when it is a French company, and its VAT
 * number under reverse charge. An intra-community supply (K) also needs the buyer's VAT number,
 * a buyer in another EU member state and the delivery date (BR-IC-02, BR-IC-11).
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
  const intraCommunity = documentVatExemption(invoice)?.category === 'K';
  if (invoice.reverseCharge && !invoice.clientVatNumber) {
    need('clientVatNumber', 'under reverse charge, the buyer’s VAT number');
  } else if (intraCommunity && !invoice.clientVatNumber) {
    need('clientVatNumber', 'on an intra-community supply, the buyer’s VAT number');
  }
  if (intraCommunity && !inAnotherEuMemberState(invoice.clientCountryCode)) {
    missing.push({
      path: 'clientCountryCode',
      message: 'an intra-community supply (VATEX-EU-IC) goes to a buyer in another EU member state',
    });
  }
  if (intraCommunity && !invoice.deliveryDate) {
    need('deliveryDate', 'on an intra-community supply, the delivery date');
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
