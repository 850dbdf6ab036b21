import { keyRevokeSchema, revokedKeySchema, revokeWorkspaceKey } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/**
 * Internal only (owners): revokes a key of the workspace, then tells every API process (as
 * `cli key revoke` does), so the next request with it is refused everywhere.
 */
export const revokeKeyProcedure = scopedProcedure('manage:keys')
  .meta({ idempotent: true })
  .input(keyRevokeSchema)
  .output(recordEnvelopeSchema(revokedKeySchema))
  .mutation(async ({ ctx, input }) => {
    const revoked = await revokeWorkspaceKey(ctx.em, ctx.principal.workspaceId, input.id);
    await ctx.people.announceKeyRevocation();
    return { data: revoked };
  });
