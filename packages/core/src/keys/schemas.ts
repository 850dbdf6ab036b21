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

/** keys.create from the app: the caller's workspace, so no workspaceId. */
export const workspaceKeyCreateSchema = keyCreateSchema.omit({ workspaceId: true }).meta({ id: 'KeyCreate' });

export const createdKeySchema = z
  .object({
    id: z.string(),
    key: z.string().meta({ description: 'The key itself: shown this once, never again.' }),
    scopes: z.array(scopeSchema),
    expiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CreatedKey' });

export const keySummarySchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    hint: z.string(),
    scopes: z.array(z.string()),
    rateLimitPerMinute: z.number().int().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'KeySummary' });

export const keyRevokeSchema = bodyObject({ id: z.string().min(1) }).meta({ id: 'KeyRevoke' });
export const revokedKeySchema = z.object({ id: z.string(), revokedAt: z.iso.datetime() });

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
