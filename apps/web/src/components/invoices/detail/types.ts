import type { AppRouter } from '@comptoir/trpc';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['invoices'];

/** An invoice as `invoices.get` shows it: lines, payments, totals, links, e-invoicing status. */
export type InvoiceDetail = Outputs['get']['data'];
export type InvoicePayment = InvoiceDetail['payments'][number];
