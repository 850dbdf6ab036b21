import { listMembers, memberSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): the workspace's members, oldest first. */
export const listMembersProcedure = scopedProcedure('manage:members')
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(z.array(memberSchema)))
  .query(async ({ ctx }) => ({ data: await listMembers(ctx.em, ctx.principal.workspaceId) }));
