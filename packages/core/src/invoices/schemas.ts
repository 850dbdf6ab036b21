import { invoiceStatuses, invoiceTypes, paymentMethods } from '@comptoir/db';
import { z } from 'zod';
import { currencySchema, documentLineSchema, documentTotalsSchema, linesSchema } from '../lines/schemas.ts';
import { pageQueryShape } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';

export const invoiceStatusSchema = z.enum(invoiceStatuses).meta({ id: 'InvoiceStatus' });
export const invoiceTypeSchema = z
  .enum(invoiceTypes)
  .meta({ id: 'InvoiceType', description: 'An invoice, or a credit note that cancels one.' });
export const paymentMethodSchema = z.enum(paymentMethods).meta({ id: 'PaymentMethod' });

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

export const invoiceCreateSchema = z
  .object({
    clientName: requiredText(200),
    clientEmail: z.email({ error: 'clientEmail must be an e-mail address' }).max(200),
    currency: currencySchema,
    lines: linesSchema,
  })
  .meta({ id: 'InvoiceCreate' });
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;

export const invoiceListQuerySchema = z.object({
  ...pageQueryShape,
  status: invoiceStatusSchema.optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
