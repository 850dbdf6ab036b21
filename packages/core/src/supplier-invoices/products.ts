import type { EntityManager } from '@comptoir/db';
import { productsNamed } from './store.ts';

/** What a line says of its item: the seller's identifier (BT-155) and a registered one (BT-157, a GTIN). */
export interface NamedItem {
  sellerItemId: string | null;
  standardItemId: string | null;
}

/**
 * The product each item names, or null: a live product whose reference or barcode is the line's
 * seller item id or GTIN. Preference when several match: the seller's id as a reference, the
 * GTIN as a barcode, then the other two; among equals, the oldest product.
 */
export async function matchProducts(
  em: EntityManager,
  workspaceId: string,
  items: readonly NamedItem[],
): Promise<(string | null)[]> {
  const identifiers = [
    ...new Set(items.flatMap((item) => [item.sellerItemId, item.standardItemId]).filter((id) => id !== null)),
  ];
  const products = await productsNamed(em, workspaceId, identifiers);
  const first = (field: 'reference' | 'barcode', value: string | null) =>
    value === null ? undefined : products.find((product) => product[field] === value)?.id;
  return items.map(
    (item) =>
      first('reference', item.sellerItemId) ??
      first('barcode', item.standardItemId) ??
      first('barcode', item.sellerItemId) ??
      first('reference', item.standardItemId) ??
      null,
  );
}
