import { contactDetailSchema, getContact } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const getContactProcedure = scopedProcedure('read:contacts')
  .meta({
    openapi: {
      method: 'GET',
      path: '/contacts/{id}',
      tags: ['Contacts'],
      summary: 'Get a contact',
      description: 'With the contact’s company in full.',
    },
  })
  .input(z.object({ id: z.string().meta({ description: 'Contact id (`con_…`).' }) }))
  .output(recordEnvelopeSchema(contactDetailSchema))
  .query(async ({ ctx, input }) => ({ data: await getContact(ctx.em, ctx.principal.workspaceId, input.id) }));
