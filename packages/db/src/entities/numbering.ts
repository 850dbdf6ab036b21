import { defineEntity, p } from '@mikro-orm/core';
import { workspaceId } from './workspaces.ts';

/**
 * Document numbers: one counter row per workspace, kind and year. The creating transaction
 * increments it and holds its lock until commit: no gap, no duplicate.
 */
export const DocumentSequence = defineEntity({
  name: 'DocumentSequence',
  tableName: 'document_sequences',
  properties: {
    workspaceId: workspaceId('document_sequences').primary(),
    kind: p.enum(['invoice', 'quote', 'credit_note'] as const).primary(),
    year: p.integer().primary(),
    lastValue: p.integer(),
  },
});
