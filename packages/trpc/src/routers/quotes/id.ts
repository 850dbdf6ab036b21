import { z } from 'zod';

/** The `{id}` of every /quotes/{id} path. */
export const quoteIdShape = { id: z.string().meta({ description: 'Quote id (`quo_…`).' }) };
