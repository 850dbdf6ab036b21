import { eventTypeSchema, listEventTypes } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';

export const listEventTypesProcedure = scopedProcedure('read:webhooks')
  .meta({
    openapi: {
      method: 'GET',
      path: '/event-types',
      tags: ['Webhooks'],
      summary: 'List event types',
      description:
        'Every event type webhooks can deliver, with a one-line description and the JSON Schema of its `data`. Not paginated.',
    },
  })
  .input(z.object({}))
  .output(z.object({ data: z.array(eventTypeSchema) }))
  .query(() => ({ data: listEventTypes() }));
