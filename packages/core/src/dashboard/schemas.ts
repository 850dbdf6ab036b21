import { z } from 'zod';
import { opportunitySchema } from '../opportunities/schemas.ts';
import { productSchema } from '../products/schemas.ts';
import { quoteSchema } from '../quotes/schemas.ts';

// The app's dashboard (issue 33): one procedure per widget, so each role reads only what its
// permissions allow. Money is a plain number in the currency, as everywhere in the API (api-v1.md:
// "Money amounts are plain numbers"), summed exactly in NUMERIC by PostgreSQL.

/** An amount and how many invoices make it. */
const owedSchema = z.object({
  amount: z.number().meta({ description: 'Sum of the invoices’ balances (total − paid).' }),
  count: z.number().int(),
});

export const revenueMonthSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .meta({ description: 'A calendar month in UTC, `YYYY-MM`.' }),
  amount: z.number().meta({
    description:
      'Totals excluding tax of the invoices issued that month, less those of the credit notes issued that month.',
  }),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

export const receivablesSchema = z
  .object({
    currency: z.literal('EUR').meta({ description: 'Only invoices in euros are counted.' }),
    overdue: owedSchema.meta({
      description: 'OVERDUE invoices, and SENT or PARTIAL ones past their due date.',
    }),
    dueSoon: owedSchema.meta({ description: 'SENT or PARTIAL invoices due within the next 30 days.' }),
    revenueByMonth: z.array(revenueMonthSchema).length(12).meta({
      description: 'The 12 calendar months (UTC) ending with the current one, oldest first, each present.',
    }),
  })
  .meta({ id: 'DashboardReceivables' });
export type ReceivablesView = z.infer<typeof receivablesSchema>;

export const quotesAwaitingSchema = z
  .object({
    count: z.number().int().meta({ description: 'How many quotes await an answer.' }),
    quotes: z
      .array(quoteSchema)
      .max(5)
      .meta({ description: 'SENT or SENT_FOR_SIGNATURE, oldest sent first.' }),
  })
  .meta({ id: 'DashboardQuotesAwaiting' });
export type QuotesAwaitingView = z.infer<typeof quotesAwaitingSchema>;

export const followUpsSchema = z
  .object({
    count: z.number().int().meta({ description: 'How many open opportunities are due a follow-up.' }),
    opportunities: z.array(opportunitySchema).max(5).meta({
      description: 'Open (neither WON nor LOST), follow-up past or within 7 days, soonest first.',
    }),
  })
  .meta({ id: 'DashboardFollowUps' });
export type FollowUpsView = z.infer<typeof followUpsSchema>;

export const lowStockSchema = z
  .object({
    count: z.number().int().meta({ description: 'How many tracked products are low or out of stock.' }),
    products: z.array(productSchema).max(5).meta({
      description: 'Live tracked products whose stockState is `low` or `out`, lowest stock first.',
    }),
  })
  .meta({ id: 'DashboardLowStock' });
export type LowStockView = z.infer<typeof lowStockSchema>;

/** At most this many records in a widget's list. */
export const dashboardListLimit = 5;
