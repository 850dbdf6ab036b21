import { getWorkspace, workspaceSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: the caller's workspace, its settings and legal identity. */
export const getWorkspaceProcedure = scopedProcedure('read:workspace')
  .input(z.object({}))
  .output(recordEnvelopeSchema(workspaceSchema))
  .query(async ({ ctx }) => ({ data: await getWorkspace(ctx.em, ctx.principal.workspaceId) }));
