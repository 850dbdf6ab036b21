import { z } from 'zod';

/**
 * A list's search text as a route's search param (`?q=`). The router reads a value that looks
 * like a number as one (a barcode or a SIRET typed into a link by hand), so a number is taken
 * back as the text it was; anything unusable is dropped rather than refusing the page.
 */
export const searchTextParam = z
  .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().max(200))
  .optional()
  .catch(undefined);
