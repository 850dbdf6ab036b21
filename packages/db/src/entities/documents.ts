/** The VAT of a document at one rate (EN 16931 BG-23): its base after the discount, its amount. */
export interface TaxEntry {
  rate: number;
  base: number;
  amount: number;
}
