import { router } from '../../init.ts';
import { createContactProcedure } from './create.ts';
import { getContactProcedure } from './get.ts';
import { listContactsProcedure } from './list.ts';
import { updateContactProcedure } from './update.ts';

export const contactsRouter = router({
  list: listContactsProcedure,
  get: getContactProcedure,
  create: createContactProcedure,
  update: updateContactProcedure,
});
