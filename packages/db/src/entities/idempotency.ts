import { defineEntity, p } from '@mikro-orm/core';
import { createdAt } from './columns.ts';
import { workspaceId } from './workspaces.ts';

/** Idempotency-Key results, per workspace and endpoint; written in the transaction of the effect. */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    workspaceId: workspaceId('idempotency_keys').primary(),
    endpoint: p.text().primary(),
    key: p.text().primary(),
    fingerprint: p.text(),
    // 0 while the first request runs
    status: p.integer(),
    body: p.json<unknown>(),
    createdAt: createdAt(),
  },
  indexes: [{ name: 'idempotency_keys_created_idx', properties: ['createdAt'] }],
});
