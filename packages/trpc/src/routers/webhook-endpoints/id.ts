import { z } from 'zod';

/** The `{id}` of every /webhook-endpoints/{id} path. */
export const endpointIdShape = { id: z.string().meta({ description: 'Webhook endpoint id (`whe_…`).' }) };
