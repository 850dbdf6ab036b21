import { bodyObject, deleteConnection } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: disconnects the workspace from its platform. */
export const deleteConnectionProcedure = scopedProcedure('write:workspace')
  .meta({ idempotent: true })
  .input(bodyObject({}))
  .output(recordEnvelopeSchema(z.object({ ok: z.literal(true) })))
  .mutation(async ({ ctx }) => ({ data: await deleteConnection(ctx.em, ctx.principal.workspaceId) }));
