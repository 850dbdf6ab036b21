import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, money, percent, updatedAt } from './columns.ts';

/** The seller's postal address as documents print it (rulings: "Lifecycles", Workspace). */
export interface WorkspaceAddress {
  lines: string[];
  postalCode: string;
  city: string;
  countryCode: string;
}

export const Workspace = defineEntity({
  name: 'Workspace',
  tableName: 'workspaces',
  properties: {
    id: id(),
    name: p.text(),
    // a text column with a check constraint listing the values (workspaces_negative_stock_check)
    negativeStock: p.enum(['block', 'allow'] as const).default('block'),
    // The seller's legal identity printed on documents: each null until the workspace sets it.
    legalName: p.text().nullable(),
    legalForm: p.text().nullable(),
    shareCapital: money().nullable(),
    rcsCity: p.text().nullable(),
    siren: p.text().nullable(),
    siret: p.text().nullable(),
    vatNumber: p.text().nullable(),
    address: p.json<WorkspaceAddress>().nullable(),
    iban: p.text().nullable(),
    bic: p.text().nullable(),
    paymentTermsDays: p.integer().default(30),
    // percent per year
    latePenaltyRate: percent().nullable(),
    vatOnDebits: p.boolean().default(false),
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
