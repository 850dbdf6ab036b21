import { z } from 'zod';
import { AppError } from '../errors/index.ts';
import type { Principal } from './authenticate.ts';

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

/** Refuses a caller whose key lacks `scope`. */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.has(scope)) {
    throw new AppError('insufficient_scope', `This API key lacks the required scope: ${scope}`);
  }
}
