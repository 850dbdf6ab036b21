import { invoiceStatuses } from '@comptoir/db';
import { z } from 'zod';
import { currencySchema, documentTotalsSchema, linesSchema } from '../lines/schemas.ts';
import { pageQueryShape } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';

export const invoiceStatusSchema = z.enum(invoiceStatuses).meta({ id: 'InvoiceStatus' });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    title: z.string(),
    status: invoiceStatusSchema,
    type: z.string(),
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
    totals: documentTotalsSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const invoiceLineSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    title: z.string(),
    quantity: z.number(),
    unitPrice: z.number(),
    taxRate: z.number(),
    amount: z.number().meta({ description: 'quantity × unitPrice, rounded to the cent.' }),
  })
  .meta({ id: 'InvoiceLine' });

export const invoiceDetailSchema = invoiceSchema
  .extend({ lines: z.array(invoiceLineSchema) })
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
