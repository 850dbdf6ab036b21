import { router } from '../../init.ts';
import { adjustProductProcedure } from './adjust.ts';
import { archiveProductProcedure } from './archive.ts';
import { createProductProcedure } from './create.ts';
import { getProductProcedure } from './get.ts';
import { listProductsProcedure } from './list.ts';
import { restoreProductProcedure } from './restore.ts';
import { updateProductProcedure } from './update.ts';

export const productsRouter = router({
  list: listProductsProcedure,
  get: getProductProcedure,
  create: createProductProcedure,
  update: updateProductProcedure,
  adjust: adjustProductProcedure,
  archive: archiveProductProcedure,
  restore: restoreProductProcedure,
});
