// The values of the e-invoicing columns, apart from the entities: invoices.ts needs them too,
// and einvoicing.ts imports invoices.ts.

/**
 * Where an issued invoice or credit note stands with the e-invoicing platform: Comptoir's own
 * stages, then every lifecycle status of the reform (XP Z12-012; packages/einvoicing says which
 * code each is). Reads show them grouped as the rulings name them (core/einvoicing/statuses.ts).
 */
export const einvoiceStatuses = [
  'pending',
  'submitted',
  'deposited',
  'issued',
  'received',
  'made_available',
  'in_process',
  'suspended',
  'completed',
  'disputed',
  'partially_approved',
  'approved',
  'payment_transmitted',
  'refused',
  'paid',
  'rejected',
] as const;

/** Who told us of a status change (rulings: `invoices.einvoiceHistory`). */
export const einvoiceSources = ['comptoir', 'platform_webhook', 'platform_poll'] as const;

/** How Comptoir authenticates to the platform (XP Z12-013: a bearer token or OAuth2 client credentials). */
export const platformAuthKinds = ['bearer', 'oauth2'] as const;
