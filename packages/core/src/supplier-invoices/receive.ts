import { type EntityManager, inTransaction, newId, type TaxEntry } from '@comptoir/db';
import {
  type ParsedInvoice,
  type ReadSupplierInvoice,
  readSupplierInvoice,
  type SupplierInvoiceValidation,
  type UnreadableSupplierInvoice,
  validateSupplierInvoice,
} from '@comptoir/einvoicing';
import { Decimal } from 'decimal.js';
import { normalizeSiret, normalizeVatNumber } from '../companies/identifiers.ts';
import { findCompany, insertCompany, markSuppliers } from '../companies/store.ts';
import { sha256Of } from '../documents/storage.ts';
import { recordEvent, recordEvents } from '../events/record.ts';
import type { NewEvent } from '../events/schemas.ts';
import { matchProducts } from './products.ts';
import type { SupplierInvoiceDetailView, SupplierInvoiceReceipt } from './schemas.ts';
import {
  findByFlowId,
  findSupplierCompany,
  insertSupplierInvoice,
  lockFlow,
  type NewSupplierInvoice,
  type NewSupplierInvoiceLine,
  supplierInvoiceDetail,
  supplierInvoiceView,
} from './store.ts';

/** How a file is read and checked: the e-invoicing package's, unless a caller brings its own. */
export interface SupplierInvoiceReader {
  read(bytes: Uint8Array, contentType?: string): Promise<ReadSupplierInvoice | UnreadableSupplierInvoice>;
  validate(format: ReadSupplierInvoice['format'], xml: string): Promise<SupplierInvoiceValidation>;
}

const defaultReader: SupplierInvoiceReader = { read: readSupplierInvoice, validate: validateSupplierInvoice };

/** Why a value read cannot be kept (beyond the NUMERIC columns), as a reason to keep instead. */
class Unstorable extends Error {}

/** A decimal rounded to `places` (half up), refused at or beyond `limit`. */
function stored(value: string, places: number, limit: number, term: string): string {
  const decimal = new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  if (decimal.abs().greaterThanOrEqualTo(limit)) {
    throw new Unstorable(`${term} (${value}) is beyond what Comptoir stores (under ${limit})`);
  }
  return decimal.toFixed();
}

const money = (value: string, term: string) => stored(value, 2, 1e13, term);
const quantity = (value: string, term: string) => stored(value, 4, 1e12, term);
const rate = (value: string, term: string) => stored(value, 4, 1000, term);
const sum = (values: readonly string[]) =>
  values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed();

/** Text a company or a read may show: at most `max` characters. */
const bounded = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/** What is stored of a parsed invoice: amounts as NUMERIC takes them, the lines, the supplier's identity. */
function storedInvoice(invoice: ParsedInvoice) {
  const { totals } = invoice;
  const lines: NewSupplierInvoiceLine[] = invoice.lines.map((line, position) => {
    const term = (name: string) => `line ${position + 1}: ${name}`;
    return {
      description: line.description,
      quantity: quantity(line.quantity, term('the quantity (BT-129)')),
      unitPrice: line.unitPrice === null ? null : quantity(line.unitPrice, term('the net price (BT-146)')),
      unitCode: line.unitCode,
      taxRate: line.taxRate === null ? null : rate(line.taxRate, term('the VAT rate (BT-152)')),
      taxCategory: line.taxCategory,
      netAmount: money(line.netAmount, term('the net amount (BT-131)')),
      sellerItemId: line.sellerItemId,
      standardItemId: line.standardItemId,
      standardItemScheme: line.standardItemScheme,
      productId: null,
    };
  });
  const taxes: TaxEntry[] = invoice.vatBreakdown.map((tax, index) => ({
    rate: Number(rate(tax.rate ?? '0', `VAT breakdown ${index + 1}: the rate (BT-119)`)),
    base: Number(money(tax.base, `VAT breakdown ${index + 1}: the taxable amount (BT-116)`)),
    amount: Number(money(tax.amount, `VAT breakdown ${index + 1}: the VAT amount (BT-117)`)),
  }));
  const discount = new Decimal(totals.allowanceTotal ?? 0).minus(totals.chargeTotal ?? 0).toFixed();
  const amounts = {
    subtotal: money(totals.lineTotal ?? sum(invoice.lines.map((line) => line.netAmount)), 'BT-106'),
    discountAmount: money(discount, 'BT-107 less BT-108'),
    taxes,
    taxTotal: money(totals.taxTotal ?? sum(invoice.vatBreakdown.map((tax) => tax.amount)), 'BT-110'),
    total: money(totals.taxInclusive, 'the total with VAT (BT-112)'),
    prepaid: money(totals.prepaid ?? '0', 'the paid amount (BT-113)'),
    amountDue: money(totals.payable, 'the amount due (BT-115)'),
  };
  return { amounts, lines };
}

type Outcome =
  | {
      readable: true;
      read: ReadSupplierInvoice;
      validation: SupplierInvoiceValidation;
      stored: ReturnType<typeof storedInvoice>;
    }
  | { readable: false; reason: string; mediaType: string };

/** Reads and checks the file, outside any transaction (the rules take CPU time). */
async function readFile(
  file: Uint8Array,
  contentType: string | undefined,
  reader: SupplierInvoiceReader,
): Promise<Outcome> {
  const read = await reader.read(file, contentType);
  if ('unreadable' in read) return { readable: false, reason: read.unreadable, mediaType: read.mediaType };
  let kept: ReturnType<typeof storedInvoice>;
  try {
    kept = storedInvoice(read.invoice);
  } catch (error) {
    if (error instanceof Unstorable)
      return { readable: false, reason: error.message, mediaType: read.mediaType };
    throw error;
  }
  return { readable: true, read, validation: await reader.validate(read.format, read.xml), stored: kept };
}

/**
 * The supplier's company: the oldest with its SIREN (a SIRET starting with it), else with its VAT
 * number, marked a supplier if it was not (company.updated); else a new one, marked a supplier
 * (company.created).
 */
async function supplierCompany(
  tx: EntityManager,
  workspaceId: string,
  invoice: ParsedInvoice,
): Promise<string> {
  const { seller } = invoice;
  const found = await findSupplierCompany(tx, workspaceId, {
    siren: seller.siren,
    vatNumber: seller.vatNumber,
  });
  if (found) {
    if (!found.isSupplier) {
      await markSuppliers(tx, workspaceId, [found.id]);
      const marked = await findCompany(tx, workspaceId, found.id);
      if (marked) await recordEvent(tx, workspaceId, 'company.updated', marked);
    }
    return found.id;
  }
  const siret = seller.siret === null ? null : normalizeSiret(seller.siret);
  const vatNumber = seller.vatNumber === null ? null : normalizeVatNumber(seller.vatNumber);
  const company = await insertCompany(tx, workspaceId, {
    id: newId('company'),
    name: bounded(seller.name, 200) ?? 'Supplier',
    siret: siret !== null && siret.length <= 32 ? siret : null,
    vatNumber: vatNumber !== null && vatNumber.length <= 32 ? vatNumber : null,
    address: null,
    isSupplier: true,
  });
  await recordEvent(tx, workspaceId, 'company.created', company);
  return company.id;
}

const midnight = (date: string | null) => (date === null ? null : `${date}T00:00:00.000Z`);

/**
 * Receives a supplier's invoice fetched from the platform (webhook or polling): its file is kept
 * byte for byte with its SHA-256, read (Factur-X, CII, UBL 2.1), checked against the CEN EN
 * 16931 rules of its syntax, its supplier matched to a company (SIREN, then VAT number) or
 * created, its lines to our products (reference or barcode), and `supplier_invoice.received`
 * recorded, in one transaction. A file that cannot be read is kept all the same, `unreadable`,
 * with the reason. The same flow received twice is one record: the second call answers it and
 * writes nothing.
 */
export async function receiveSupplierInvoice(
  em: EntityManager,
  workspaceId: string,
  receipt: SupplierInvoiceReceipt,
  reader: SupplierInvoiceReader = defaultReader,
): Promise<SupplierInvoiceDetailView> {
  const flowId = receipt.flowId.trim();
  if (flowId === '') throw new Error('receiveSupplierInvoice: a flow id is required');
  const known = await findByFlowId(em, workspaceId, flowId);
  if (known) return supplierInvoiceDetail(em, known);
  const outcome = await readFile(receipt.file, receipt.contentType, reader);
  return inTransaction(em, async (tx) => {
    await lockFlow(tx, workspaceId, flowId);
    const raced = await findByFlowId(tx, workspaceId, flowId);
    if (raced) return supplierInvoiceDetail(tx, raced);
    const id = newId('supplierInvoice');
    const base = { id, flowId, receivedAt: receipt.receivedAt ?? new Date() };
    const file = {
      content: receipt.file,
      declaredContentType: receipt.contentType ?? null,
      contentType: outcome.readable ? outcome.read.mediaType : outcome.mediaType,
      fileName: bounded(receipt.fileName.replaceAll('\u0000', '').toWellFormed().trim(), 255) || 'invoice',
      sha256: sha256Of(receipt.file),
    };
    let invoice: NewSupplierInvoice;
    let lines: NewSupplierInvoiceLine[] = [];
    if (outcome.readable) {
      const parsed = outcome.read.invoice;
      const products = await matchProducts(tx, workspaceId, parsed.lines);
      lines = outcome.stored.lines.map((line, index) => ({ ...line, productId: products[index] ?? null }));
      invoice = {
        ...base,
        status: 'received',
        format: outcome.read.format,
        type: parsed.creditNote ? 'credit_note' : 'invoice',
        supplierCompanyId: await supplierCompany(tx, workspaceId, parsed),
        supplierName: parsed.seller.name,
        supplierSiren: parsed.seller.siren,
        supplierVatNumber: parsed.seller.vatNumber,
        number: parsed.number,
        issuedAt: midnight(parsed.issueDate),
        dueAt: midnight(parsed.dueDate),
        currency: parsed.currency,
        amounts: outcome.stored.amounts,
        iban: parsed.iban,
        paymentTerms: parsed.paymentTerms,
        validation: outcome.validation,
        reason: null,
      };
    } else {
      invoice = {
        ...base,
        status: 'unreadable',
        format: null,
        type: null,
        supplierCompanyId: null,
        supplierName: null,
        supplierSiren: null,
        supplierVatNumber: null,
        number: null,
        issuedAt: null,
        dueAt: null,
        currency: null,
        amounts: null,
        iban: null,
        paymentTerms: null,
        validation: null,
        reason: outcome.reason,
      };
    }
    const row = await insertSupplierInvoice(tx, workspaceId, invoice, lines, file);
    const events: NewEvent[] = [{ type: 'supplier_invoice.received', data: supplierInvoiceView(row) }];
    await recordEvents(tx, workspaceId, events);
    return supplierInvoiceDetail(tx, row);
  });
}
