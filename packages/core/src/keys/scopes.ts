import { z } from 'zod';

/**
 * Scopes of api-v1.md section 5, and the rulings' webhook scopes. Companies use the contacts
 * scopes; stock uses write:products.
 */
export const scopes = [
  'read:invoices',
  'write:invoices',
  'read:quotes',
  'write:quotes',
  'read:contacts',
  'write:contacts',
  'read:opportunities',
  'write:opportunities',
  'read:products',
  'write:products',
  'read:webhooks',
  'write:webhooks',
] as const;

export type Scope = (typeof scopes)[number];
export const scopeSchema = z.enum(scopes);

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}
