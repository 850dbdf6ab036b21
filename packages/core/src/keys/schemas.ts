import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { requiredText } from '../text/index.ts';
import { type Scope, scopeSchema } from './scopes.ts';

export const keyCreateSchema = bodyObject({
  workspaceId: z.string().min(1),
  scopes: z.array(scopeSchema).min(1, { error: 'a key needs at least one scope' }),
  name: requiredText(200).optional(),
  expiresAt: z.coerce.date().optional(),
  rateLimitPerMinute: z.number().int().positive().optional(),
});
export type KeyCreate = z.input<typeof keyCreateSchema>;

export interface CreatedKey {
  id: string;
  /** The only time the key is ever shown. */
  key: string;
  scopes: Scope[];
  expiresAt: string | null;
}

export interface KeySummary {
  id: string;
  name: string | null;
  /** `svc_live_…abcd`: enough to recognise a key, never enough to use it. */
  hint: string;
  scopes: string[];
  rateLimitPerMinute: number | null;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}
