export type {
  Buyer,
  DocumentKind,
  DocumentLine,
  DocumentModel,
  DocumentTotals,
  PostalAddress,
  Seller,
  VatExemption,
} from './model.ts';
export { createRenderPool, type RenderPool, type RenderPoolOptions } from './pool.ts';
// renderDocument itself is `@comptoir/documents/render`: importing the package does not load the
// renderers (pdfkit, factur-x-kit) into a process that only hands them to the pool.
export type { DocumentFormat, RenderDocument } from './render.ts';
