import { z } from 'zod';
import { pageQueryShape } from '../paging/index.ts';

/** Event types the service records (rulings: "Events and webhooks"). */
export const eventTypes = [
  'invoice.created',
  'quote.created',
  'quote.updated',
  'quote.sent',
  'quote.deleted',
  'contact.created',
  'company.created',
  'opportunity.created',
  'stock.adjusted',
  'stock.movement',
  'stock.low',
  'stock.out',
  'webhook_endpoint.disabled',
] as const;
export type EventType = (typeof eventTypes)[number];

/** An event a change records: its data is the record as the API shows it. */
export interface NewEvent {
  type: EventType;
  data: Record<string, unknown>;
}

/** An event as the outbox holds it. */
export interface RecordedEvent extends NewEvent {
  id: string;
  timestamp: string;
}

export const eventSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    timestamp: z.iso.datetime(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Event' });
export type EventView = z.infer<typeof eventSchema>;

export const eventListQuerySchema = z.object({
  ...pageQueryShape,
  type: z.enum(eventTypes).optional().meta({ description: 'Events of this type only.' }),
});
