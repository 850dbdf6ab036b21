import { changeMemberRole, changeRoleSchema, memberSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): another role for a member; the last owner stays one (409 last_owner). */
export const changeMemberRoleProcedure = scopedProcedure('manage:members')
  .meta({ idempotent: true })
  .input(changeRoleSchema)
  .output(recordEnvelopeSchema(memberSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await changeMemberRole(ctx.em, ctx.principal.workspaceId, input),
  }));
