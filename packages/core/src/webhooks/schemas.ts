import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { eventTypes } from '../events/schemas.ts';
import { pageQueryShape } from '../paging/index.ts';

/** `*` subscribes to every event type, present and future. */
export const allEvents = '*';

const eventFilter = z
  .array(
    z.enum([allEvents, ...eventTypes], {
      error: (issue) => `unknown event type ${JSON.stringify(issue.input)}: GET /event-types lists them`,
    }),
  )
  .min(1)
  .max(eventTypes.length + 1)
  .meta({ description: 'Event types to receive; `["*"]` (the default) for all.' });

const endpointUrl = z
  .url({ protocol: /^https?$/, error: 'an absolute http(s) URL' })
  .max(2048)
  .meta({
    description:
      'Where events are POSTed. https only, unless the service allows private targets (development).',
  });

export const endpointCreateSchema = bodyObject({
  url: endpointUrl,
  events: eventFilter.optional(),
  description: z.string().trim().max(500).optional(),
}).meta({ id: 'WebhookEndpointCreate' });
export type EndpointCreate = z.output<typeof endpointCreateSchema>;

export const endpointStatuses = ['enabled', 'disabled'] as const;

export const endpointUpdateSchema = bodyObject({
  url: endpointUrl,
  events: eventFilter,
  description: z.string().trim().max(500).nullable(),
  status: z.enum(endpointStatuses),
})
  .partial()
  .meta({ id: 'WebhookEndpointUpdate' });
export type EndpointUpdate = z.output<typeof endpointUpdateSchema>;

export const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    status: z.enum(endpointStatuses),
    disabledReason: z
      .enum(['manual', 'gone', 'failing'])
      .nullable()
      .meta({ description: '`gone`: the endpoint answered 410; `failing`: it failed for 5 days.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type EndpointView = z.infer<typeof endpointSchema>;

export const endpointWithSecretSchema = endpointSchema
  .extend({
    secret: z.string().meta({ description: 'The signing secret (`whsec_…`), shown only here.' }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type EndpointWithSecret = z.infer<typeof endpointWithSecretSchema>;

export const endpointListQuerySchema = z.object(pageQueryShape);

export const deliveryAttemptSchema = z
  .object({
    deliveryId: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    attempt: z.number().int(),
    outcome: z.enum(['succeeded', 'failed']),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: 'When the next attempt is due, if any.' }),
    deliveryStatus: z.enum(['pending', 'succeeded', 'failed']),
    attemptedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });
export type DeliveryAttemptView = z.infer<typeof deliveryAttemptSchema>;

export const redeliverSchema = bodyObject({
  endpointId: z.string().min(1).max(64).optional().meta({ description: 'Only to this endpoint.' }),
});

export const redeliveryResultSchema = z
  .object({
    deliveries: z.array(z.object({ id: z.string(), endpointId: z.string() })),
  })
  .meta({ id: 'Redelivery' });
