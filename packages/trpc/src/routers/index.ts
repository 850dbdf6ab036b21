import { router } from '../init.ts';
import { companiesRouter } from './companies/index.ts';
import { contactsRouter } from './contacts/index.ts';
import { dashboardRouter } from './dashboard/index.ts';
import { einvoicingRouter } from './einvoicing/index.ts';
import { eventTypesRouter } from './event-types/index.ts';
import { eventsRouter } from './events/index.ts';
import { invitationsRouter } from './invitations/index.ts';
import { invoicesRouter } from './invoices/index.ts';
import { keysRouter } from './keys/index.ts';
import { meRouter } from './me/index.ts';
import { membersRouter } from './members/index.ts';
import { opportunitiesRouter } from './opportunities/index.ts';
import { productsRouter } from './products/index.ts';
import { quotesRouter } from './quotes/index.ts';
import { stockMovementsRouter } from './stock-movements/index.ts';
import { supplierInvoicesRouter } from './supplier-invoices/index.ts';
import { webhookEndpointsRouter } from './webhook-endpoints/index.ts';
import { workspaceRouter } from './workspace/index.ts';

export const appRouter = router({
  companies: companiesRouter,
  contacts: contactsRouter,
  dashboard: dashboardRouter,
  einvoicing: einvoicingRouter,
  events: eventsRouter,
  eventTypes: eventTypesRouter,
  invitations: invitationsRouter,
  invoices: invoicesRouter,
  keys: keysRouter,
  me: meRouter,
  members: membersRouter,
  opportunities: opportunitiesRouter,
  products: productsRouter,
  quotes: quotesRouter,
  stockMovements: stockMovementsRouter,
  supplierInvoices: supplierInvoicesRouter,
  webhookEndpoints: webhookEndpointsRouter,
  workspace: workspaceRouter,
});

export type AppRouter = typeof appRouter;
