/** The VAT of a document, per rate, computed with its totals when its lines are stored. */
export interface VatEntry {
  rate: number;
  base: number;
  vat: number;
}
