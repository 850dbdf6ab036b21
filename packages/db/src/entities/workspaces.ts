import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, updatedAt } from './columns.ts';

export const Workspace = defineEntity({
  name: 'Workspace',
  tableName: 'workspaces',
  properties: {
    id: id(),
    name: p.text(),
    // a text column with a check constraint listing the values (workspaces_negative_stock_check)
    negativeStock: p.enum(['block', 'allow'] as const).default('block'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
});

/**
 * `workspace_id text not null references workspaces (id)`, named `<table>_workspace_id_fkey` as
 * PostgreSQL names it. A many-to-one relation mapped to the workspace's primary key: callers
 * read and write a plain id (`em.create(ApiKey, { workspaceId: 'wsp_…' })`), while MikroORM
 * knows the foreign key and its rules (no action on delete or update: a workspace with rows is
 * never deleted or renumbered).
 */
export const workspaceId = (table: string) =>
  p
    .manyToOne(Workspace)
    .mapToPk()
    .fieldName('workspace_id')
    .foreignKeyName(`${table}_workspace_id_fkey`)
    .deleteRule('no action')
    .updateRule('no action');
