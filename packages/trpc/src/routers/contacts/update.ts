import { contactDetailSchema, contactUpdateSchema, updateContact } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings: "Lifecycles"): the public API cannot change contacts. */
export const updateContactProcedure = scopedProcedure('write:contacts')
  .meta({ idempotent: true })
  .input(contactUpdateSchema.extend({ id: z.string().meta({ description: 'Contact id (`con_…`).' }) }))
  .output(recordEnvelopeSchema(contactDetailSchema))
  .mutation(async ({ ctx, input: { id, ...patch } }) => ({
    data: await updateContact(ctx.em, ctx.principal.workspaceId, id, patch),
  }));
