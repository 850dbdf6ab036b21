import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { bearer, type ListBody } from './support/index.ts';

// The product search finds its candidates through an index of the workspace's hashed
// 3-character windows (Migration20261125000200_product_search_keys) before `like` decides: a
// window the probe asks for that the stored keys lack would silently drop a match. The contract
// is the plain one: any piece of a product's name, typed in any case, finds the product, and a
// search never answers a product whose name does not contain it (accents and case aside).

let api: TestApi;
let headers: Record<string, string>;
let workspaceId: string;
const products: { id: string; name: string }[] = [];

// Letters with and without accents, ligatures and letters whose lower case is longer (İ), digits,
// punctuation, LIKE's wildcards and escape, and characters outside the BMP.
const alphabet = [..."abcdeéèêëfghiîïjklmnoôœpqrstuùûüvwxyzÿçAÉÈÇŒÆæßİ0123456789 -'’.%_\\/&🥐🧀"];
const nameArbitrary = fc
  .array(fc.constantFrom(...alphabet), { minLength: 3, maxLength: 24 })
  .map((chars) => chars.join('').trim())
  .filter((name) => name.length >= 3);

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace('Search keys')).id;
  headers = bearer((await api.make.key(workspaceId, ['read:products', 'write:products'])).key);
  // Another workspace with the same names: its keys differ (they are hashed with the workspace),
  // and its products must never be answered here.
  const other = (await api.make.workspace('Search keys, other')).id;
  const names = fc.sample(nameArbitrary, { numRuns: 40, seed: 1611 });
  for (const name of names) {
    const product = await api.make.product(workspaceId, { name });
    products.push({ id: product.id, name });
    await api.make.product(other, { name });
  }
});
afterAll(() => api.close());

async function search(q: string): Promise<ListBody<{ id: string; name: string }>> {
  const response = await api.request(`/api/v1/products?limit=100&q=${encodeURIComponent(q)}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as ListBody<{ id: string; name: string }>;
}

/**
 * Case and accents aside, as a reader compares: NFD without combining marks, lower case, the
 * ligatures spelt out and the typographic apostrophe as a plain one (as unaccent's rules do).
 */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll('œ', 'oe')
    .replaceAll('æ', 'ae')
    .replaceAll('ß', 'ss')
    .replaceAll('’', "'");
}

describe('GET /products?q= over generated names', () => {
  it('finds a product by any piece of its name, in any case, and answers only products that contain the piece', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 10_000 }),
        fc.nat({ max: 10_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        async (which, from, length, upper) => {
          const product = products[which % products.length];
          if (!product) throw new Error('no products');
          const chars = [...product.name];
          const start = from % chars.length;
          const piece = chars.slice(start, start + length).join('');
          if (piece.trim() === '') return;
          const q = upper ? piece.toUpperCase() : piece;
          const body = await search(q);
          const answered = body.data.map((item) => item.id);
          expect(answered, `q=${JSON.stringify(q)} in ${JSON.stringify(product.name)}`).toContain(product.id);
          const own = new Set(products.map((item) => item.id));
          const wanted = folded(piece.trim());
          for (const item of body.data) {
            expect(own.has(item.id)).toBe(true);
            expect(folded(item.name)).toContain(wanted);
          }
          expect(body.pagination.total).toBe(body.data.length);
        },
      ),
      { numRuns: 150, seed: 2311 },
    );
  });
});
