import { router } from '../../init.ts';
import { createQuoteProcedure } from './create.ts';
import { deleteQuoteProcedure } from './delete.ts';
import { getQuoteProcedure } from './get.ts';
import { listQuotesProcedure } from './list.ts';
import { sendQuoteProcedure } from './send.ts';
import { updateQuoteProcedure } from './update.ts';

export const quotesRouter = router({
  list: listQuotesProcedure,
  get: getQuoteProcedure,
  create: createQuoteProcedure,
  update: updateQuoteProcedure,
  delete: deleteQuoteProcedure,
  send: sendQuoteProcedure,
});
