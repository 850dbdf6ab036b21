import { router } from '../../init.ts';
import { createCompanyProcedure } from './create.ts';
import { getCompanyProcedure } from './get.ts';
import { listCompaniesProcedure } from './list.ts';
import { updateCompanyProcedure } from './update.ts';

export const companiesRouter = router({
  list: listCompaniesProcedure,
  get: getCompanyProcedure,
  create: createCompanyProcedure,
  update: updateCompanyProcedure,
});
