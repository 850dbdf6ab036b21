import { router } from '../../init.ts';
import { acceptQuoteProcedure } from './accept.ts';
import { archiveQuoteProcedure } from './archive.ts';
import { convertQuoteToInvoiceProcedure } from './convert-to-invoice.ts';
import { createQuoteProcedure } from './create.ts';
import { deleteQuoteProcedure } from './delete.ts';
import { getQuoteProcedure } from './get.ts';
import { listQuotesProcedure } from './list.ts';
import { quotePdfProcedure } from './pdf.ts';
import { rejectQuoteProcedure } from './reject.ts';
import { requestQuoteSignatureProcedure } from './request-signature.ts';
import { sendQuoteProcedure } from './send.ts';
import { quoteTimelineProcedure } from './timeline.ts';
import { updateQuoteProcedure } from './update.ts';

export const quotesRouter = router({
  list: listQuotesProcedure,
  get: getQuoteProcedure,
  create: createQuoteProcedure,
  update: updateQuoteProcedure,
  delete: deleteQuoteProcedure,
  send: sendQuoteProcedure,
  requestSignature: requestQuoteSignatureProcedure,
  accept: acceptQuoteProcedure,
  reject: rejectQuoteProcedure,
  archive: archiveQuoteProcedure,
  convertToInvoice: convertQuoteToInvoiceProcedure,
  pdf: quotePdfProcedure,
  timeline: quoteTimelineProcedure,
});
