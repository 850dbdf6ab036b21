import { bodyObject, connectionTestSchema, testConnection } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: whether the platform answers and takes the workspace's credentials. */
export const testConnectionProcedure = scopedProcedure('write:workspace')
  .meta({ idempotent: true })
  .input(bodyObject({}))
  .output(recordEnvelopeSchema(connectionTestSchema))
  .mutation(async ({ ctx }) => ({
    data: await testConnection(ctx.em, ctx.principal.workspaceId, ctx.keyring),
  }));
