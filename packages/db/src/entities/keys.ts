import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, newestFirst } from './columns.ts';
import { workspaceId } from './workspaces.ts';

export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: id(),
    workspaceId: workspaceId('api_keys'),
    name: p.text().nullable(),
    // only the hash is stored; the key itself is shown once
    keyHash: p.text().unique('api_keys_key_hash_key'),
    lastCharacters: p.text(),
    scopes: p.array<string>(),
    rateLimitPerMinute: p.integer().nullable().check('rate_limit_per_minute > 0'),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
  indexes: [newestFirst('api_keys_workspace_idx')],
});
