import { router } from '../../init.ts';
import { createCompanyProcedure } from './create.ts';
import { getCompanyProcedure } from './get.ts';
import { listCompaniesProcedure } from './list.ts';

export const companiesRouter = router({
  list: listCompaniesProcedure,
  get: getCompanyProcedure,
  create: createCompanyProcedure,
});
