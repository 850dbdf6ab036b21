import { connectionSchema, connectionSetSchema, setConnection } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: connects the workspace to its approved platform, or replaces the connection. */
export const setConnectionProcedure = scopedProcedure('write:workspace')
  .meta({ idempotent: true })
  .input(connectionSetSchema)
  .output(recordEnvelopeSchema(connectionSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await setConnection(ctx.em, ctx.principal.workspaceId, input, ctx.keyring, ctx.webhookTargets),
  }));
