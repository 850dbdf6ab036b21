import { router } from '../../init.ts';
import { createEndpointProcedure } from './create.ts';
import { deleteEndpointProcedure } from './delete.ts';
import { listDeliveriesProcedure } from './deliveries.ts';
import { getEndpointProcedure } from './get.ts';
import { listEndpointsProcedure } from './list.ts';
import { rotateSecretProcedure } from './rotate-secret.ts';
import { updateEndpointProcedure } from './update.ts';

export const webhookEndpointsRouter = router({
  list: listEndpointsProcedure,
  get: getEndpointProcedure,
  create: createEndpointProcedure,
  update: updateEndpointProcedure,
  delete: deleteEndpointProcedure,
  rotateSecret: rotateSecretProcedure,
  deliveries: listDeliveriesProcedure,
});
