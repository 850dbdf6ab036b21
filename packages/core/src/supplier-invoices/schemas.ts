import { supplierInvoiceFormats, supplierInvoiceStatuses, supplierInvoiceTypes } from '@comptoir/db/enums';
import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { paymentSchema } from '../invoices/schemas.ts';
import { documentTotalsSchema } from '../lines/schemas.ts';
import { pageQueryShape } from '../paging/index.ts';
import { appliedMovementSchema, movementErrorSchema } from '../stock/schemas.ts';
import { requiredText } from '../text/index.ts';

export const supplierInvoiceStatusSchema = z.enum(supplierInvoiceStatuses).meta({
  id: 'SupplierInvoiceStatus',
  description:
    '`received` → `approved` or `refused`; `approved` → `paid` once payments cover the amount due. `unreadable`: the file could not be read, kept with the reason.',
});
export const supplierInvoiceFormatSchema = z.enum(supplierInvoiceFormats).meta({
  id: 'SupplierInvoiceFormat',
  description: 'The syntax the file was read in: a Factur-X PDF, a CII XML or a UBL 2.1 XML.',
});

const failedRuleSchema = z.object({
  id: z.string().meta({ description: 'The rule’s identifier, e.g. `BR-CO-16`.' }),
  message: z.string(),
});

export const supplierInvoiceValidationSchema = z
  .object({
    valid: z.boolean().meta({ description: 'No rule flagged fatal or error is broken (warnings pass).' }),
    failedRules: z.array(failedRuleSchema),
  })
  .meta({
    id: 'SupplierInvoiceValidation',
    description: 'The CEN EN 16931 rules for the file’s syntax (CII or UBL), as published.',
  });

const date = z.iso.datetime();

export const supplierInvoiceSchema = z
  .object({
    id: z.string(),
    status: supplierInvoiceStatusSchema,
    format: supplierInvoiceFormatSchema.nullable().meta({ description: 'Null when unreadable.' }),
    type: z
      .enum(supplierInvoiceTypes)
      .nullable()
      .meta({ description: 'An invoice, or a credit note (BT-3); null when unreadable.' }),
    supplierCompanyId: z
      .string()
      .nullable()
      .meta({ description: 'The supplier’s company, matched by SIREN or VAT number, else created.' }),
    supplierName: z.string().nullable(),
    supplierSiren: z.string().nullable(),
    supplierVatNumber: z.string().nullable(),
    number: z.string().nullable().meta({ description: 'The supplier’s invoice number (BT-1).' }),
    issuedAt: date.nullable().meta({ description: 'The issue date (BT-2), at midnight UTC.' }),
    dueAt: date.nullable().meta({ description: 'The due date (BT-9), at midnight UTC.' }),
    currency: z.string().nullable(),
    totals: documentTotalsSchema.nullable().meta({
      description:
        'As the supplier wrote them: subtotal BT-106, discountAmount BT-107 less BT-108, taxes BG-23, total BT-112; `paid` is BT-113 plus the payments recorded, `balance` the amount due (BT-115) less those payments (0 once refused, and for a credit note). Null when unreadable.',
    }),
    paidAmount: z.number().meta({ description: 'The sum of the payments recorded.' }),
    paidAt: date.nullable(),
    iban: z.string().nullable().meta({ description: 'Where to pay (BT-84).' }),
    paymentTerms: z.string().nullable().meta({ description: 'BT-20.' }),
    validation: supplierInvoiceValidationSchema.nullable().meta({ description: 'Null when unreadable.' }),
    reason: z.string().nullable().meta({ description: 'Why it was refused, or why it could not be read.' }),
    flowId: z.string().meta({ description: 'The platform’s flow it came in.' }),
    receivedAt: date,
    createdAt: date,
    updatedAt: date,
  })
  .meta({ id: 'SupplierInvoice' });
export type SupplierInvoiceView = z.infer<typeof supplierInvoiceSchema>;

export const supplierInvoiceLineSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    description: z.string().meta({ description: 'The item’s name (BT-153).' }),
    quantity: z.number(),
    unitPrice: z.number().nullable().meta({ description: 'The net price of one unit (BT-146 / BT-149).' }),
    unitCode: z.string().nullable(),
    taxRate: z.number().nullable(),
    netAmount: z.number().meta({ description: 'BT-131.' }),
    sellerItemId: z.string().nullable().meta({ description: 'BT-155.' }),
    standardItemId: z.string().nullable().meta({ description: 'BT-157 (a GTIN with scheme 0160).' }),
    productId: z
      .string()
      .nullable()
      .meta({ description: 'The product whose reference or barcode the line names, if any.' }),
  })
  .meta({ id: 'SupplierInvoiceLine' });
export type SupplierInvoiceLineView = z.infer<typeof supplierInvoiceLineSchema>;

export const supplierInvoiceFileSchema = z
  .object({
    fileName: z.string(),
    contentType: z.string().meta({ description: 'What the bytes are, as the download serves them.' }),
    sha256: z.string().meta({ description: 'Hex SHA-256 of the bytes as received: the download’s ETag.' }),
    size: z.number().int(),
  })
  .meta({ id: 'SupplierInvoiceFile' });

export const stockReceptionSchema = z
  .object({
    receivedAt: date,
    applied: z.array(appliedMovementSchema.omit({ index: true }).extend({ line: z.number().int() })),
    errors: z.array(movementErrorSchema.omit({ index: true }).extend({ line: z.number().int() })),
  })
  .meta({
    id: 'SupplierInvoiceStockReception',
    description:
      'The stock movements a reception applied: one per line naming a tracked product (`line` is its position).',
  });
export type StockReceptionView = z.infer<typeof stockReceptionSchema>;

export const supplierInvoiceDetailSchema = supplierInvoiceSchema
  .extend({
    lines: z.array(supplierInvoiceLineSchema),
    payments: z.array(paymentSchema),
    original: supplierInvoiceFileSchema,
    stockReception: stockReceptionSchema
      .nullable()
      .meta({ description: 'What `receiveStock` applied, once; null before.' }),
  })
  .meta({ id: 'SupplierInvoiceDetail' });
export type SupplierInvoiceDetailView = z.infer<typeof supplierInvoiceDetailSchema>;

export const supplierInvoiceListQuerySchema = z.object({
  ...pageQueryShape,
  status: supplierInvoiceStatusSchema.optional(),
  q: z.string().max(200).optional().meta({
    description: 'Case- and accent-insensitive substring of the supplier’s name, the number or the SIREN.',
  }),
});
export type SupplierInvoiceListQuery = z.output<typeof supplierInvoiceListQuerySchema>;

export const supplierInvoiceRefuseSchema = bodyObject({
  reason: requiredText(500).meta({ description: 'Why: sent to the platform with the status Refusée (210).' }),
}).meta({ id: 'SupplierInvoiceRefuse' });
export type SupplierInvoiceRefuse = z.input<typeof supplierInvoiceRefuseSchema>;

/** What receiving a flow's file takes (the platform's ingestion calls it; no transport does). */
export interface SupplierInvoiceReceipt {
  flowId: string;
  file: Uint8Array;
  fileName: string;
  contentType?: string | undefined;
  receivedAt?: Date | undefined;
}
