import { contactCreateSchema, contactSchema, createContact } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const createContactProcedure = scopedProcedure('write:contacts')
  .meta({
    idempotent: true,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/contacts',
      tags: ['Contacts'],
      summary: 'Create a contact',
      description:
        'E-mails are unique per workspace, compared case-insensitively (409 contact_email_duplicate).',
    },
  })
  .input(contactCreateSchema)
  .output(recordEnvelopeSchema(contactSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createContact(ctx.em, ctx.principal.workspaceId, input),
  }));
