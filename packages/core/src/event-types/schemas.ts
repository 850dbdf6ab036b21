import { z } from 'zod';
import { stockStates } from '../products/schemas.ts';
import { adjustResultSchema } from '../stock/schemas.ts';

/** An entry of GET /event-types. */
export const eventTypeSchema = z
  .object({
    type: z.string().meta({ description: 'The event type, as `type` in events and webhook payloads.' }),
    description: z.string(),
    schema: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The JSON Schema (draft 2020-12) of the event’s `data`.' }),
  })
  .meta({ id: 'EventType' });
export type EventTypeView = z.infer<typeof eventTypeSchema>;

// The data of the stock events, as the stock engine builds them (stock/engine.ts): the change's
// result, with the product's stock state after it.

const stockState = z.enum(stockStates);

export const stockAdjustedDataSchema = adjustResultSchema
  .extend({ note: z.string().nullable(), stockState })
  .meta({ id: 'StockAdjustedEvent' });

export const stockMovementDataSchema = adjustResultSchema
  .extend({
    reason: z.string().nullable(),
    refKind: z.string().nullable(),
    refId: z.string().nullable(),
    unitCost: z.number().nullable(),
    stockState,
  })
  .meta({ id: 'StockMovementEvent' });

export const stockLevelDataSchema = adjustResultSchema
  .extend({ stockThreshold: z.number().nullable(), stockState })
  .meta({ id: 'StockLevelEvent' });
