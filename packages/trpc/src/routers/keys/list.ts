import { keySummarySchema, listKeys } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (owners): the workspace's API keys, newest first, with a hint instead of the key. */
export const listKeysProcedure = scopedProcedure('manage:keys')
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(z.array(keySummarySchema)))
  .query(async ({ ctx }) => ({ data: await listKeys(ctx.em, ctx.principal.workspaceId) }));
