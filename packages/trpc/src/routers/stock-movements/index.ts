import { router } from '../../init.ts';
import { applyStockMovementsProcedure } from './apply.ts';
import { listStockMovementsProcedure } from './list.ts';

export const stockMovementsRouter = router({
  list: listStockMovementsProcedure,
  // `apply` is what the issue named, but tRPC reserves it (Function.prototype.apply).
  applyBatch: applyStockMovementsProcedure,
});
