import { deliveryAttemptSchema, listDeliveryAttempts, pageQueryShape } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';
import { endpointIdShape } from './id.ts';

export const listDeliveriesProcedure = scopedProcedure('read:webhooks')
  .meta({
    openapi: {
      method: 'GET',
      path: '/webhook-endpoints/{id}/deliveries',
      tags: ['Webhooks'],
      summary: 'The delivery log of an endpoint',
      description: 'Every attempt, newest first: response code, duration, error and the next attempt time.',
    },
  })
  .input(z.object({ ...endpointIdShape, ...pageQueryShape }))
  .output(listEnvelopeSchema(deliveryAttemptSchema))
  .query(async ({ ctx, input: { id, ...page } }) =>
    listEnvelope(await listDeliveryAttempts(ctx.em, ctx.principal.workspaceId, id, page)),
  );
