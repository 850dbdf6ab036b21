// The schemas-only entry (`@comptoir/core/schemas`): the zod schemas, their types and the totals
// code, without a use case, a store or the database layer behind them. The app's browser bundle
// imports this, never the package's main entry; test/schemas-entry.test.ts proves that importing
// it loads no MikroORM, Kysely or pg.

export * from './companies/schemas.ts';
export * from './contacts/schemas.ts';
export * from './dashboard/schemas.ts';
export * from './einvoicing/schemas.ts';
export type { ErrorCode, ErrorDetail } from './errors/index.ts';
export * from './event-types/schemas.ts';
export * from './events/schemas.ts';
export * from './identifiers/schemas.ts';
export * from './invoices/schemas.ts';
export * from './keys/schemas.ts';
export * from './lines/schemas.ts';
export {
  type DocumentAmounts,
  type DocumentTerms,
  type DocumentTotals,
  documentAmounts,
  documentTotals,
  lineNetAmount,
  type PricedLine,
} from './lines/totals.ts';
export * from './opportunities/schemas.ts';
export * from './people/roles.ts';
export * from './people/schemas.ts';
export * from './products/schemas.ts';
export * from './quotes/schemas.ts';
export * from './stock/schemas.ts';
export * from './supplier-invoices/schemas.ts';
export * from './webhooks/schemas.ts';
export * from './workspaces/schemas.ts';
