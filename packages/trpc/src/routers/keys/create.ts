import { createdKeySchema, issueWorkspaceKey, workspaceKeyCreateSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): issues a key for the workspace; the key is shown in this answer only. */
export const createKeyProcedure = scopedProcedure('manage:keys')
  .meta({ idempotent: true, answerHoldsSecret: true })
  .input(workspaceKeyCreateSchema)
  .output(recordEnvelopeSchema(createdKeySchema))
  .mutation(async ({ ctx, input }) => ({
    data: await issueWorkspaceKey(ctx.em, ctx.principal.workspaceId, input),
  }));
