// The domain's public surface. Each concept lists what it offers: nothing leaks by accident.

// --- errors, text, decimals, paging (shared rules)
export * from './errors/index.ts';
export * from './paging/index.ts';
export * from './text/index.ts';

// --- workspaces, keys, idempotency, demo
export * from './demo/index.ts';
export * from './idempotency/index.ts';
export * from './keys/index.ts';
export * from './workspaces/index.ts';

// --- companies, contacts, opportunities
export * from './companies/index.ts';
export * from './contacts/index.ts';
export * from './opportunities/index.ts';

// --- invoices, quotes, lines, numbering
export * from './invoices/index.ts';
export * from './lines/index.ts';
export * from './numbering/index.ts';
export * from './quotes/index.ts';

// --- products, stock
export * from './products/index.ts';
export * from './stock/index.ts';

// --- events, webhooks
export * from './events/index.ts';
export * from './webhooks/index.ts';
