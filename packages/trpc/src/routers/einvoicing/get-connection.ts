import { connectionSchema, getConnection } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: the workspace's e-invoicing platform, its secrets never shown. */
export const getConnectionProcedure = scopedProcedure('read:workspace')
  .input(z.object({}))
  .output(recordEnvelopeSchema(connectionSchema))
  .query(async ({ ctx }) => ({ data: await getConnection(ctx.em, ctx.principal.workspaceId) }));
