import { contactListQuerySchema, contactSchema, listContacts } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

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
  .query(async ({ ctx, input }) =>
    listEnvelope(await listContacts(ctx.em, ctx.principal.workspaceId, input)),
  );
