import { z } from 'zod';
import { AppError } from '../errors/index.ts';
import type { KeyPrincipal } from './authenticate.ts';

/**
 * Scopes of api-v1.md section 5, and the rulings' webhook scopes. Companies use the contacts
 * scopes; stock uses write:products. The workspace's settings and identity have scopes of
 * their own (rulings: Lifecycles, Workspace), and so do supplier invoices (read:purchases /
 * write:purchases; rulings: E-invoicing).
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
  'read:workspace',
  'write:workspace',
  'read:purchases',
  'write:purchases',
] as const;

export type Scope = (typeof scopes)[number];
export const scopeSchema = z.enum(scopes);

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}

/**
 * Refuses a key that lacks `scope`, for callers holding a key alone (the bench's ladder); the API
 * checks a request's permission with people/principal.ts's requirePermission.
 */
export function requireScope(key: KeyPrincipal, scope: Scope): void {
  if (!key.scopes.has(scope)) {
    throw new AppError('insufficient_scope', `This API key lacks the required scope: ${scope}`);
  }
}
