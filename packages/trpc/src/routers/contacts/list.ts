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
      description:
        'Newest first. `q` searches name, e-mail and the company’s name. `companyId` lists one company’s contacts, combined with `q` and paging; a company the workspace does not have (unknown, another workspace’s) gives an empty list, not a 404.',
    },
  })
  .input(contactListQuerySchema)
  .output(listEnvelopeSchema(contactSchema))
  .query(async ({ ctx, input }) =>
    listEnvelope(await listContacts(ctx.em, ctx.principal.workspaceId, input)),
  );
