import { z } from 'zod';
import { pageQueryShape } from '../paging/index.ts';

/** Event types the service records (rulings: "Events and webhooks"). */
export const eventTypes = [
  'invoice.created',
  'invoice.updated',
  'invoice.sent',
  'invoice.payment_recorded',
  'invoice.paid',
  'invoice.overdue',
  'invoice.cancelled',
  'credit_note.created',
  'invoice.einvoice_status_changed',
  'quote.created',
  'quote.updated',
  'quote.sent',
  'quote.deleted',
  'quote.signature_requested',
  'quote.accepted',
  'quote.rejected',
  'quote.expired',
  'quote.archived',
  'quote.invoiced',
  'contact.created',
  'contact.updated',
  'company.created',
  'company.updated',
  'opportunity.created',
  'opportunity.updated',
  'opportunity.won',
  'opportunity.lost',
  'product.archived',
  'product.restored',
  'workspace.updated',
  'stock.adjusted',
  'stock.movement',
  'stock.low',
  'stock.out',
  'webhook_endpoint.disabled',
  'supplier_invoice.received',
  'supplier_invoice.approved',
  'supplier_invoice.refused',
  'supplier_invoice.payment_recorded',
  'supplier_invoice.paid',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'invitation.revoked',
  'api_key.created',
  'api_key.revoked',
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
    actor: z
      .object({ kind: z.enum(['key', 'user']), id: z.string() })
      .nullable()
      .meta({
        description:
          'Who made the change: an API key (`key_…`) or a signed-in user (`usr_…`); null for the service’s own changes (scheduled transitions, the e-invoicing platform’s reports, the CLI). Webhook payloads do not carry it.',
      }),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Event' });
export type EventView = z.infer<typeof eventSchema>;

export const eventListQuerySchema = z.object({
  ...pageQueryShape,
  type: z.enum(eventTypes).optional().meta({ description: 'Events of this type only.' }),
});
