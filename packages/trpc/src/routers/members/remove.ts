import { memberSchema, removeMember, removeMemberSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): removes a member (the last owner cannot leave: 409 last_owner). */
export const removeMemberProcedure = scopedProcedure('manage:members')
  .meta({ idempotent: true })
  .input(removeMemberSchema)
  .output(recordEnvelopeSchema(memberSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await removeMember(ctx.em, ctx.principal.workspaceId, input),
  }));
