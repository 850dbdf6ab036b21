import { router } from '../../init.ts';
import { cancelInvoiceProcedure } from './cancel.ts';
import { createInvoiceProcedure } from './create.ts';
import { einvoiceHistoryProcedure } from './einvoice-history.ts';
import { invoiceFacturXXmlProcedure } from './factur-x-xml.ts';
import { getInvoiceProcedure } from './get.ts';
import { listInvoicesProcedure } from './list.ts';
import { invoicePdfProcedure } from './pdf.ts';
import { recordInvoicePaymentProcedure } from './record-payment.ts';
import { sendInvoiceProcedure } from './send.ts';
import { invoiceTimelineProcedure } from './timeline.ts';
import { updateInvoiceProcedure } from './update.ts';

export const invoicesRouter = router({
  list: listInvoicesProcedure,
  get: getInvoiceProcedure,
  create: createInvoiceProcedure,
  update: updateInvoiceProcedure,
  send: sendInvoiceProcedure,
  recordPayment: recordInvoicePaymentProcedure,
  cancel: cancelInvoiceProcedure,
  pdf: invoicePdfProcedure,
  facturXXml: invoiceFacturXXmlProcedure,
  einvoiceHistory: einvoiceHistoryProcedure,
  timeline: invoiceTimelineProcedure,
});
