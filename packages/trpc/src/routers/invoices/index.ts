import { router } from '../../init.ts';
import { createInvoiceProcedure } from './create.ts';
import { getInvoiceProcedure } from './get.ts';
import { listInvoicesProcedure } from './list.ts';

export const invoicesRouter = router({
  list: listInvoicesProcedure,
  get: getInvoiceProcedure,
  create: createInvoiceProcedure,
});
