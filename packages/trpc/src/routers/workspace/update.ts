import { updateWorkspace, workspaceSchema, workspaceUpdateSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: changes the caller's workspace (null clears a nullable field). */
export const updateWorkspaceProcedure = scopedProcedure('write:workspace')
  .meta({ idempotent: true })
  .input(workspaceUpdateSchema)
  .output(recordEnvelopeSchema(workspaceSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await updateWorkspace(ctx.em, ctx.principal.workspaceId, input),
  }));
