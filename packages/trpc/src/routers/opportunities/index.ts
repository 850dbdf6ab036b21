import { router } from '../../init.ts';
import { createOpportunityProcedure } from './create.ts';
import { getOpportunityProcedure } from './get.ts';
import { listOpportunitiesProcedure } from './list.ts';

export const opportunitiesRouter = router({
  list: listOpportunitiesProcedure,
  get: getOpportunityProcedure,
  create: createOpportunityProcedure,
});
