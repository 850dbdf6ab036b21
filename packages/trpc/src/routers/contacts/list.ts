import { contactListQuerySchema, contactSchema, listContacts, listEnvelopeSchema } from '@comptoir/core';
import { scopedProcedure } from '../../init.ts';

export const listContactsProcedure = scopedProcedure('read:contacts')
  .meta({
    openapi: {
      method: 'GET',
      path: '/contacts',
      tags: ['Contacts'],
      summary: 'List contacts',
      description: 'Newest first. `q` searches name, e-mail and the company’s name.',
    },
  })
  .input(contactListQuerySchema)
  .output(listEnvelopeSchema(contactSchema))
  .query(({ ctx, input }) => listContacts(ctx.em, ctx.principal.workspaceId, input));
