import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, money, percent, quantity } from './columns.ts';
import { workspaceId } from './workspaces.ts';

/** The VAT of a document at one rate (EN 16931 BG-23): its base after the discount, its amount. */
export interface TaxEntry {
  rate: number;
  base: number;
  amount: number;
}

/**
 * The stored amounts of an invoice or a quote (EN 16931 BG-22 and BG-23), computed with the
 * lines in decimal arithmetic: the same columns on both tables.
 */
export const documentAmountProperties = () => ({
  subtotal: money(),
  discountAmount: money().default('0'),
  taxes: p.json<TaxEntry[]>(),
  taxTotal: money(),
  total: money(),
});

/** A line of an invoice or a quote, beside its id, workspace and document: the same columns. */
export const documentLineProperties = () => ({
  position: p.integer(),
  description: p.text(),
  quantity: quantity().check('quantity > 0'),
  unitPrice: quantity().check('unit_price >= 0'),
  unit: p.text().nullable(),
  discountPercent: percent().default('0'),
  taxRate: percent(),
  netAmount: money(),
});

export const documentFormats = ['pdf', 'xml'] as const;
export type DocumentFormat = (typeof documentFormats)[number];

/**
 * A rendered document kept as the record of what was issued: the first render of an issued
 * invoice, a credit note or a sent quote, served byte for byte ever after (rulings:
 * "Documents"). `sourceId` is the invoice's or the quote's id, so no foreign key names it.
 */
export const RenderedDocument = defineEntity({
  name: 'RenderedDocument',
  tableName: 'documents',
  properties: {
    id: id(),
    workspaceId: workspaceId('documents'),
    sourceId: p.text(),
    // a text column with a check constraint listing the values (documents_format_check)
    format: p.enum(documentFormats),
    sha256: p.text(),
    content: p.blob(),
    contentType: p.text(),
    filename: p.text(),
    createdAt: createdAt(),
  },
  uniques: [
    {
      name: 'documents_workspace_id_source_id_format_key',
      properties: ['workspaceId', 'sourceId', 'format'],
    },
  ],
});
