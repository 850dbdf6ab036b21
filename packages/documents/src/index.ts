export type {
  Buyer,
  DocumentKind,
  DocumentLine,
  DocumentModel,
  DocumentTotals,
  PostalAddress,
  Seller,
} from './model.ts';
