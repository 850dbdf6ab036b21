import { router } from '../../init.ts';
import { approveSupplierInvoiceProcedure } from './approve.ts';
import { getSupplierInvoiceProcedure } from './get.ts';
import { listSupplierInvoicesProcedure } from './list.ts';
import { supplierInvoiceOriginalProcedure } from './original.ts';
import { receiveSupplierInvoiceStockProcedure } from './receive-stock.ts';
import { recordSupplierInvoicePaymentProcedure } from './record-payment.ts';
import { refuseSupplierInvoiceProcedure } from './refuse.ts';

export const supplierInvoicesRouter = router({
  list: listSupplierInvoicesProcedure,
  get: getSupplierInvoiceProcedure,
  original: supplierInvoiceOriginalProcedure,
  approve: approveSupplierInvoiceProcedure,
  refuse: refuseSupplierInvoiceProcedure,
  recordPayment: recordSupplierInvoicePaymentProcedure,
  receiveStock: receiveSupplierInvoiceStockProcedure,
});
