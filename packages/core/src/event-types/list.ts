import { z } from 'zod';
import { type EventType, eventTypes } from '../events/schemas.ts';
import { eventCatalog } from './catalog.ts';
import type { EventTypeView } from './schemas.ts';

let listed: EventTypeView[] | undefined;

/**
 * Every event type with its description and the JSON Schema of its data, generated from the
 * zod schema the catalog names (one source). Computed once: it changes only with the code.
 */
export function listEventTypes(): EventTypeView[] {
  listed ??= eventTypes.map((type: EventType) => ({
    type,
    description: eventCatalog[type].description,
    schema: z.toJSONSchema(eventCatalog[type].data) as Record<string, unknown>,
  }));
  return listed;
}
