import { acceptedInvitationSchema, acceptInvitation, acceptInvitationSchema } from '@comptoir/core';
import { publicProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/**
 * Internal only, public: joins the workspace an invitation link names (the token is the
 * credential), making the account when the e-mail has none. The app signs in next.
 */
export const acceptInvitationProcedure = publicProcedure
  .input(acceptInvitationSchema)
  .output(recordEnvelopeSchema(acceptedInvitationSchema))
  .mutation(async ({ ctx, input }) => ({ data: await acceptInvitation(ctx.em, input) }));
