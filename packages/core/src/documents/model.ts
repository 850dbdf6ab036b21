import type {
  Buyer,
  DocumentLine,
  DocumentModel,
  DocumentTotals,
  PostalAddress,
  Seller,
  VatExemption,
} from '@comptoir/documents';
import { Decimal } from 'decimal.js';
import { sirenOfSiret } from '../identifiers/french.ts';
import type { InvoiceView } from '../invoices/schemas.ts';
import { documentVatExemption } from '../invoices/vat-treatment.ts';
import type { DocumentLineView } from '../lines/schemas.ts';
import type { QuoteDetailView } from '../quotes/schemas.ts';
import type { WorkspaceView } from '../workspaces/schemas.ts';

// What a document shows, built from the records as core reads them: the renderers
// (@comptoir/documents) print and map these values, they never compute money.

const dayMs = 86_400_000;

/** An address given as text, its lines separated by newlines (at most 3, blank ones dropped). */
function addressLines(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The seller: the workspace's identity as it is now (a DRAFT may render before it is complete). */
export function sellerOf(workspace: WorkspaceView): Seller {
  const address: PostalAddress = workspace.address
    ? { ...workspace.address, lines: [...workspace.address.lines] }
    : { lines: [], postalCode: null, city: null, countryCode: 'FR' };
  return {
    legalName: workspace.legalName ?? workspace.name,
    legalForm: workspace.legalForm,
    shareCapital: workspace.shareCapital,
    rcsCity: workspace.rcsCity,
    siren: workspace.siren,
    siret: workspace.siret,
    vatNumber: workspace.vatNumber,
    address,
    iban: workspace.iban,
    bic: workspace.bic,
    vatOnDebits: workspace.vatOnDebits,
    latePenaltyRate: workspace.latePenaltyRate,
  };
}

function documentLine(line: DocumentLineView): DocumentLine {
  return {
    position: line.position,
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    taxRate: line.taxRate,
    netAmount: line.netAmount,
  };
}

function documentTotals(totals: InvoiceView['totals']): DocumentTotals {
  // BT-110 is the sum of the VAT per rate, each already rounded to the cent.
  const taxTotal = totals.taxes.reduce((sum, tax) => sum.plus(tax.amount), new Decimal(0));
  return {
    subtotal: totals.subtotal,
    discountAmount: totals.discountAmount,
    taxes: totals.taxes.map((tax) => ({ ...tax })),
    taxTotal: taxTotal.toNumber(),
    total: totals.total,
    paid: totals.paid,
    // BT-115, the amount due (BR-CO-16: total − paid). A credit note's is its total, whatever
    // the balance a read shows (nothing is owed on it: rulings, "Lifecycles").
    balance: new Decimal(totals.total).minus(totals.paid).toNumber(),
  };
}

/** The exemption the document states (vat-treatment.ts), as the renderers take it. */
function vatExemptionOf(invoice: InvoiceView): VatExemption | null {
  const exemption = documentVatExemption(invoice);
  return exemption && { category: exemption.category, code: exemption.code, text: exemption.text };
}

/** What an invoice's model is made of, read by the use case. */
export interface InvoiceModelSource {
  invoice: InvoiceView;
  lines: DocumentLineView[];
  workspace: WorkspaceView;
  /** A credit note's credited invoice. */
  credited?: InvoiceView | undefined;
}

/** The model of an invoice or a credit note; a DRAFT's is marked draft (not an invoice). */
export function invoiceModel({ invoice, lines, workspace, credited }: InvoiceModelSource): DocumentModel {
  const buyer: Buyer = {
    name: invoice.clientName,
    company: invoice.clientCompany,
    email: invoice.clientEmail,
    address: {
      lines: addressLines(invoice.clientAddress),
      postalCode: invoice.clientPostalCode,
      city: invoice.clientCity,
      countryCode: invoice.clientCountryCode,
    },
    siren: invoice.clientSiren,
    vatNumber: invoice.clientVatNumber,
  };
  let creditedRef: DocumentModel['credited'] = null;
  if (invoice.type === 'credit_note') {
    if (!credited?.issuedAt) throw new Error(`credit note ${invoice.id} names no issued invoice`);
    creditedRef = { number: credited.number, issuedAt: credited.issuedAt };
  }
  return {
    kind: invoice.type === 'credit_note' ? 'credit_note' : 'invoice',
    draft: invoice.status === 'DRAFT',
    number: invoice.number,
    title: invoice.title,
    issuedAt: invoice.issuedAt,
    dueAt: invoice.dueAt,
    currency: invoice.currency,
    seller: sellerOf(workspace),
    buyer,
    deliveryAddress: invoice.deliveryAddress,
    operationCategory: invoice.operationCategory,
    deliveryDate: invoice.deliveryDate,
    reverseCharge: invoice.reverseCharge,
    vatExemption: vatExemptionOf(invoice),
    discountPercent: invoice.discountPercent,
    lines: lines.map(documentLine),
    totals: documentTotals(invoice.totals),
    paymentTermsDays: workspace.paymentTermsDays,
    credited: creditedRef,
    quote: null,
  };
}

/**
 * The model of a quote: unsent (no number) it is a draft. Quotes name no buyer country or SIREN:
 * the buyer is taken as French, its SIREN the first 9 digits of the quote's SIRET.
 */
export function quoteModel(quote: QuoteDetailView, workspace: WorkspaceView): DocumentModel {
  const issuedAt = quote.number === null ? null : (quote.issuedAt ?? quote.sentAt);
  const validFrom = new Date(issuedAt ?? quote.createdAt);
  return {
    kind: 'quote',
    draft: quote.number === null,
    number: quote.number,
    title: quote.title,
    issuedAt,
    dueAt: null,
    currency: quote.currency,
    seller: sellerOf(workspace),
    buyer: {
      name: quote.clientName,
      company: quote.clientCompany,
      email: quote.clientEmail,
      address: { lines: addressLines(quote.clientAddress), postalCode: null, city: null, countryCode: 'FR' },
      siren: sirenOfSiret(quote.clientSiret),
      vatNumber: quote.clientVatNumber,
    },
    deliveryAddress: null,
    operationCategory: 'services',
    deliveryDate: null,
    reverseCharge: false,
    vatExemption: null,
    discountPercent: 0,
    lines: quote.lines.map(documentLine),
    totals: documentTotals(quote.totals),
    paymentTermsDays: workspace.paymentTermsDays,
    credited: null,
    quote: {
      validityDays: quote.validityDays,
      validUntil: new Date(validFrom.getTime() + quote.validityDays * dayMs).toISOString(),
    },
  };
}
