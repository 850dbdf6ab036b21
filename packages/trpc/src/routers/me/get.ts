import { getMe, meSchema } from '@comptoir/core';
import { z } from 'zod';
import { sessionProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: the signed-in user and their workspaces, each with the role and what it allows. */
export const getMeProcedure = sessionProcedure
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(meSchema))
  .query(async ({ ctx }) => ({ data: await getMe(ctx.em, ctx.user.userId) }));
