import {
  invoiceStatuses,
  invoiceTypes,
  operationCategories,
  paymentMethods,
  vatExemptionCodes,
} from '@comptoir/db/enums';
import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { atMostStoredDecimals, decimalPlacesOf } from '../decimals/index.ts';
import { einvoiceSchema } from '../einvoicing/schemas.ts';
import { countryCodeSchema, sirenSchema, vatNumberSchema } from '../identifiers/schemas.ts';
import {
  clientCompanySchema,
  currencySchema,
  documentLineSchema,
  documentTotalLimit,
  documentTotalsSchema,
  linesSchema,
} from '../lines/schemas.ts';
import { pageQueryShape } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';
import { vatExemptions } from './vat-treatment.ts';

export const invoiceStatusSchema = z.enum(invoiceStatuses).meta({ id: 'InvoiceStatus' });
export const invoiceTypeSchema = z
  .enum(invoiceTypes)
  .meta({ id: 'InvoiceType', description: 'An invoice, or a credit note that cancels one.' });
export const paymentMethodSchema = z.enum(paymentMethods).meta({ id: 'PaymentMethod' });
export const operationCategorySchema = z.enum(operationCategories).meta({
  id: 'OperationCategory',
  description: 'What the invoice sells: goods, services, or both (a mention of the e-invoicing reform).',
});

export const vatExemptionSchema = z.enum(vatExemptionCodes).meta({
  id: 'VatExemption',
  description: `Why the invoice's lines carry no VAT (a VATEX code, EN 16931 BT-121); every line is then at 0 %. ${vatExemptionCodes
    .map(
      (code) =>
        `\`${code}\`: ${vatExemptions[code].description} The document says “${vatExemptions[code].text}”.`,
    )
    .join(' ')}`,
});

const deliveryDateDescription =
  'The day the goods were delivered or the service done (EN 16931 BT-72), when it is not the issue date; `YYYY-MM-DD`.';

/**
 * A calendar date `YYYY-MM-DD` of the years the French e-invoicing rules accept (BR-FR-03: 2000 to
 * 2099; PostgreSQL would refuse some others), days and leap years checked. One pattern rather than
 * z.iso.date() and a refinement, so that the OpenAPI document states the whole rule.
 */
const deliveryDateSchema = z
  .string()
  .regex(
    /^20(?:\d\d-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:[02468][048]|[13579][26])-02-29)$/,
    { error: 'deliveryDate must be a date written YYYY-MM-DD, in the years 2000 to 2099' },
  )
  .meta({ format: 'date', description: deliveryDateDescription });

/**
 * What vatConflicts refuses of a write that gives both fields (an exemption with a line at a rate
 * above 0 %), in the OpenAPI document's terms, so that a client knows it before asking: no
 * exemption (absent or null), or every line at 0 %.
 */
const exemptLinesAtZero = {
  anyOf: [
    { properties: { vatExemption: { type: 'null' } } },
    { properties: { lines: { items: { properties: { taxRate: { const: 0 } } } } } },
  ],
};

/** The buyer and operation fields a legal invoice names (rulings: "Documents"), as read. */
const buyerReadShape = {
  clientAddress: z
    .string()
    .nullable()
    .meta({ description: 'The buyer’s street address, lines separated by newlines.' }),
  clientPostalCode: z.string().nullable(),
  clientCity: z.string().nullable(),
  clientCountryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 (`FR` by default).' }),
  clientSiren: z.string().nullable().meta({ description: 'The buyer’s SIREN (9 digits).' }),
  clientVatNumber: z.string().nullable(),
  deliveryAddress: z
    .string()
    .nullable()
    .meta({ description: 'Where the goods or services are delivered; null when at the buyer’s address.' }),
  operationCategory: operationCategorySchema,
  deliveryDate: z.iso.date().nullable().meta({ description: deliveryDateDescription }),
  vatExemption: vatExemptionSchema.nullable(),
};

/** The same fields as a create or an update takes them: each optional, null clears it. */
const buyerWriteShape = {
  clientAddress: requiredText(1000).nullable(),
  clientPostalCode: requiredText(20).nullable(),
  clientCity: requiredText(100).nullable(),
  clientCountryCode: countryCodeSchema('clientCountryCode'),
  clientSiren: sirenSchema('clientSiren').nullable(),
  clientVatNumber: vatNumberSchema('clientVatNumber').nullable(),
  deliveryAddress: requiredText(1000).nullable(),
  operationCategory: operationCategorySchema,
  deliveryDate: deliveryDateSchema.nullable(),
  vatExemption: vatExemptionSchema.nullable(),
};

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    title: z.string(),
    status: invoiceStatusSchema,
    type: invoiceTypeSchema,
    clientName: z.string(),
    clientCompany: z.string().nullable(),
    clientEmail: z.string(),
    ...buyerReadShape,
    currency: z.string(),
    taxRate: z.number(),
    discountPercent: z.number(),
    reverseCharge: z.boolean(),
    issuedAt: z.iso.datetime().nullable(),
    dueAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
    paidAmount: z.number(),
    creditedInvoiceId: z
      .string()
      .nullable()
      .meta({ description: 'On a credit note: the invoice it cancels.' }),
    creditNoteId: z
      .string()
      .nullable()
      .meta({ description: 'On a cancelled invoice: the credit note that cancels it.' }),
    einvoice: einvoiceSchema.nullable(),
    totals: documentTotalsSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const invoiceLineSchema = documentLineSchema.meta({ id: 'InvoiceLine' });

export const paymentSchema = z
  .object({
    id: z.string(),
    amount: z.number(),
    paidAt: z.iso.datetime(),
    method: paymentMethodSchema,
    reference: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type PaymentView = z.infer<typeof paymentSchema>;

export const invoiceDetailSchema = invoiceSchema
  .extend({ lines: z.array(invoiceLineSchema), payments: z.array(paymentSchema) })
  .meta({ id: 'InvoiceDetail' });
export type InvoiceDetailView = z.infer<typeof invoiceDetailSchema>;

export const invoiceCreateSchema = bodyObject({
  clientName: requiredText(200),
  clientCompany: clientCompanySchema.optional(),
  clientEmail: z.email({ error: 'clientEmail must be an e-mail address' }).max(200),
  ...z.object(buyerWriteShape).partial().shape,
  currency: currencySchema,
  lines: linesSchema,
}).meta({ id: 'InvoiceCreate', ...exemptLinesAtZero });
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;

export const invoiceListQuerySchema = z.object({
  ...pageQueryShape,
  status: invoiceStatusSchema.optional(),
  q: z.string().max(200).optional().meta({
    description:
      'Case- and accent-insensitive substring of the number, the client’s name or `clientCompany` ("dupont" finds "Société Dupont"); combined with `status`.',
  }),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

const instant = z.iso.datetime({
  offset: true,
  error: 'an ISO 8601 date-time, such as 2026-11-21T09:00:00Z',
});

export const invoiceUpdateSchema = bodyObject({
  title: requiredText(500),
  clientName: requiredText(200),
  clientCompany: clientCompanySchema,
  clientEmail: z.email({ error: 'clientEmail must be an e-mail address' }).max(200),
  ...buyerWriteShape,
  dueAt: instant.nullable(),
  discountPercent: atMostStoredDecimals(z.number().min(0).max(100)).meta({
    description: 'Percent off the whole invoice, taken per VAT rate.',
  }),
  reverseCharge: z.boolean().meta({ description: 'Reverse charge: the buyer accounts for the VAT.' }),
  lines: linesSchema.meta({ description: 'Replaces every line.' }),
})
  .partial()
  .meta({ id: 'InvoiceUpdate', ...exemptLinesAtZero });
export type InvoiceUpdate = z.input<typeof invoiceUpdateSchema>;

export const invoiceSendSchema = bodyObject({
  issuedAt: instant.optional().meta({
    description:
      'The issue date, now when omitted; neither in the future nor before the workspace’s latest issued invoice.',
  }),
}).meta({ id: 'InvoiceSend' });
export type InvoiceSend = z.input<typeof invoiceSendSchema>;

export const paymentCreateSchema = bodyObject({
  amount: z
    .number()
    .gt(0)
    .lt(documentTotalLimit)
    .refine((value) => decimalPlacesOf(value) <= 2, { error: 'at most 2 decimal places' })
    .meta({ description: 'At most the invoice’s balance, to the cent.' }),
  paidAt: instant.optional().meta({ description: 'When it was paid; now when omitted.' }),
  method: paymentMethodSchema,
  reference: z.string().trim().max(200).optional(),
}).meta({ id: 'PaymentCreate' });
export type PaymentCreate = z.input<typeof paymentCreateSchema>;
export type InvoicePatch = Omit<z.output<typeof invoiceUpdateSchema>, 'lines'>;
export type PaymentInput = z.output<typeof paymentCreateSchema>;
