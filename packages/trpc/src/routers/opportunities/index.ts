import { router } from '../../init.ts';
import { createOpportunityProcedure } from './create.ts';
import { getOpportunityProcedure } from './get.ts';
import { listOpportunitiesProcedure } from './list.ts';
import { updateOpportunityProcedure } from './update.ts';

export const opportunitiesRouter = router({
  list: listOpportunitiesProcedure,
  get: getOpportunityProcedure,
  create: createOpportunityProcedure,
  update: updateOpportunityProcedure,
});
