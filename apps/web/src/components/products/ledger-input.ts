export const ledgerPageSize = 20;

/** What `stockMovements.list` is asked for one page of a product's ledger (newest first). */
export function ledgerInput(productId: string, page: number) {
  return { productId, limit: ledgerPageSize, offset: (page - 1) * ledgerPageSize };
}
