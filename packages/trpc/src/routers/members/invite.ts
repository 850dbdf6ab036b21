import { createdInvitationSchema, inviteMember, inviteSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): invites by e-mail with a role; the link (7 days, single use) is shown once. */
export const inviteMemberProcedure = scopedProcedure('manage:members')
  .meta({ idempotent: true, answerHoldsSecret: true })
  .input(inviteSchema)
  .output(recordEnvelopeSchema(createdInvitationSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await inviteMember(
      ctx.em,
      ctx.principal.workspaceId,
      ctx.principal.actor.kind === 'user' ? ctx.principal.actor.id : null,
      input,
      ctx.people.publicBaseUrl,
    ),
  }));
