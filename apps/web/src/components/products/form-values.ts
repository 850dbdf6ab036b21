import type { ProductCreate, ProductView } from '@comptoir/core/schemas';

/** What the product form holds: the create schema's input (the edit form's fields are a part of it). */
export type ProductFormValues = ProductCreate;

/** An optional text: blank is "none" (null), as the schemas take it. */
export const textOrNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** A required number: blank is not a number, which the schema refuses in words. */
export const number = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;

/** An optional number: blank is "none" (null). */
export const numberOrNull = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value;

export const newProductDefaults: ProductFormValues = {
  name: '',
  reference: null,
  barcode: null,
  unit: null,
  unitPrice: 0,
  costPrice: 0,
  taxRate: 20,
  trackStock: true,
  stockQuantity: null,
  stockThreshold: null,
};

/** The edit form's starting values: the product as the server has it. */
export function editDefaults(product: ProductView) {
  return {
    name: product.name,
    reference: product.reference,
    barcode: product.barcode,
    unit: product.unit,
    unitPrice: product.unitPrice,
    taxRate: product.taxRate,
    trackStock: product.trackStock,
    stockThreshold: product.stockThreshold,
  };
}
