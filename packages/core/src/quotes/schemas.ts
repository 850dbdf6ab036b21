import { quoteStatuses } from '@comptoir/db/enums';
import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { atMostStoredDecimals } from '../decimals/index.ts';
import {
  clientCompanySchema,
  currencySchema,
  documentLineSchema,
  documentTotalsSchema,
  linesSchema,
} from '../lines/schemas.ts';
import { pageQueryShape } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';

export const quoteStatusSchema = z.enum(quoteStatuses).meta({ id: 'QuoteStatus' });

export const quoteSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable().meta({ description: 'Null while DRAFT; `QUO-<year>-<00001>` once sent.' }),
    title: z.string(),
    status: quoteStatusSchema,
    clientName: z.string(),
    clientCompany: z.string().nullable(),
    clientEmail: z.string(),
    taxRate: z.number(),
    validityDays: z.number().int(),
    currency: z.string(),
    opportunityId: z.string().nullable(),
    issuedAt: z.iso.datetime().nullable(),
    sentAt: z.iso.datetime().nullable(),
    invoiceId: z
      .string()
      .nullable()
      .meta({ description: 'The invoice this quote was converted into, once accepted and invoiced.' }),
    totals: documentTotalsSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Quote' });
export type QuoteView = z.infer<typeof quoteSchema>;

export const quoteLineSchema = documentLineSchema.meta({ id: 'QuoteLine' });

export const quoteDetailSchema = quoteSchema
  .extend({
    clientAddress: z.string().nullable(),
    clientSiret: z.string().nullable(),
    clientVatNumber: z.string().nullable(),
    introText: z.string().nullable(),
    terms: z.string().nullable(),
    notes: z.string().nullable(),
    signedAt: z.iso.datetime().nullable(),
    lines: z.array(quoteLineSchema),
  })
  .meta({ id: 'QuoteDetail' });
export type QuoteDetailView = z.infer<typeof quoteDetailSchema>;

export const quoteCreateSchema = bodyObject({
  clientName: requiredText(200),
  clientCompany: clientCompanySchema.optional(),
  clientEmail: z.email({ error: 'clientEmail must be an e-mail address' }).max(200),
  currency: currencySchema,
  opportunityId: z.string().min(1).max(64).optional(),
  contactId: z.string().min(1).max(64).optional(),
  lines: linesSchema,
}).meta({ id: 'QuoteCreate' });
export type QuoteCreate = z.input<typeof quoteCreateSchema>;

export const quoteUpdateSchema = bodyObject({
  title: requiredText(500),
  validityDays: z.number().int().min(0).max(365),
  taxRate: atMostStoredDecimals(z.number().min(0).max(100)),
  notes: z.string().max(10_000),
  terms: z.string().max(10_000),
  lines: linesSchema.meta({ description: 'Replaces every line.' }),
})
  .partial()
  .meta({ id: 'QuoteUpdate' });
export type QuoteUpdate = z.input<typeof quoteUpdateSchema>;

export const quoteSentSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.literal('SENT'),
    sentAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'QuoteSent' });
export type QuoteSentView = z.infer<typeof quoteSentSchema>;

export const quoteListQuerySchema = z.object({
  ...pageQueryShape,
  status: quoteStatusSchema.optional(),
  q: z.string().max(200).optional().meta({
    description:
      'Case- and accent-insensitive substring of the number, the client’s name or `clientCompany` ("dupont" finds "Société Dupont"); combined with `status`.',
  }),
});
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>;

export const quoteAcceptSchema = bodyObject({
  signedAt: z.iso
    .datetime({ offset: true, error: 'an ISO 8601 date-time, such as 2026-11-21T09:00:00Z' })
    .optional()
    .meta({ description: 'When the client signed; now when not given. Never in the future.' }),
}).meta({ id: 'QuoteAccept' });
export type QuoteAccept = z.input<typeof quoteAcceptSchema>;
