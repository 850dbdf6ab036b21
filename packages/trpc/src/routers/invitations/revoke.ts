import { invitationSchema, revokeInvitation, revokeInvitationSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): withdraws an invitation; its link stops working. */
export const revokeInvitationProcedure = scopedProcedure('manage:members')
  .meta({ idempotent: true })
  .input(revokeInvitationSchema)
  .output(recordEnvelopeSchema(invitationSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await revokeInvitation(ctx.em, ctx.principal.workspaceId, input.id),
  }));
