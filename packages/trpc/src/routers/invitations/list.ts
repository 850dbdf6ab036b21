import { invitationSchema, listInvitations } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): invitations not yet accepted, revoked or expired, newest first. */
export const listInvitationsProcedure = scopedProcedure('manage:members')
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(z.array(invitationSchema)))
  .query(async ({ ctx }) => ({ data: await listInvitations(ctx.em, ctx.principal.workspaceId) }));
