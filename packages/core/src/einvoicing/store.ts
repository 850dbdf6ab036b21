import { type Database, type EntityManager, kysely, newId, toIso, toIsoOrNull } from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import type { ConnectionView, EinvoiceHistoryEntry, EinvoiceView } from './schemas.ts';
import { readEinvoiceStatus, type StoredEinvoiceStatus } from './statuses.ts';

export type ConnectionRow = Selectable<Database['einvoicing_connections']>;
type InvoiceEinvoiceColumns = Pick<
  Selectable<Database['invoices']>,
  'einvoice_status' | 'einvoice_flow_id' | 'einvoice_status_at' | 'einvoice_reason'
>;

/** An invoice's `einvoice` as reads show it; null when it was issued without a connection. */
export function einvoiceView(row: InvoiceEinvoiceColumns): EinvoiceView | null {
  if (row.einvoice_status === null || row.einvoice_status_at === null) return null;
  return {
    status: readEinvoiceStatus(row.einvoice_status),
    flowId: row.einvoice_flow_id,
    statusAt: toIso(row.einvoice_status_at),
    reason: row.einvoice_reason,
  };
}

export const noConnection: ConnectionView = {
  configured: false,
  baseUrl: null,
  authKind: null,
  tokenUrl: null,
  clientId: null,
  scope: null,
  organizationId: null,
  polledAt: null,
  createdAt: null,
  updatedAt: null,
};

/** The connection as reads show it: everything but its secrets. */
export function connectionView(row: ConnectionRow): ConnectionView {
  return {
    configured: true,
    baseUrl: row.base_url,
    authKind: row.auth_kind,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    scope: row.scope,
    organizationId: row.organization_id,
    polledAt: toIsoOrNull(row.polled_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export async function findConnection(
  em: EntityManager,
  workspaceId: string,
): Promise<ConnectionRow | undefined> {
  return kysely(em)
    .selectFrom('einvoicing_connections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** Whether the workspace has a connection, taking a share lock so it cannot go mid-transaction. */
export async function hasConnection(tx: EntityManager, workspaceId: string): Promise<boolean> {
  const row = await kysely(tx)
    .selectFrom('einvoicing_connections')
    .select('workspace_id')
    .where('workspace_id', '=', workspaceId)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

export type ConnectionColumns = Omit<
  ConnectionRow,
  'workspace_id' | 'created_at' | 'updated_at' | 'poll_cursor' | 'polled_at'
>;

/** Creates or replaces the workspace's connection (a new platform starts its polling afresh). */
export async function upsertConnection(
  tx: EntityManager,
  workspaceId: string,
  columns: ConnectionColumns,
): Promise<ConnectionRow> {
  return kysely(tx)
    .insertInto('einvoicing_connections')
    .values({ workspace_id: workspaceId, ...columns })
    .onConflict((conflict) =>
      conflict
        .column('workspace_id')
        .doUpdateSet({ ...columns, poll_cursor: null, polled_at: null, updated_at: sql`now()` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteConnectionRow(tx: EntityManager, workspaceId: string): Promise<boolean> {
  const result = await kysely(tx)
    .deleteFrom('einvoicing_connections')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function savePollCursor(em: EntityManager, workspaceId: string, cursor: string | null) {
  await kysely(em)
    .updateTable('einvoicing_connections')
    .set({ poll_cursor: cursor, polled_at: sql`now()` })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** Workspaces with a connection, for the worker's poll. */
export async function connectedWorkspaces(em: EntityManager): Promise<string[]> {
  const rows = await kysely(em).selectFrom('einvoicing_connections').select('workspace_id').execute();
  return rows.map((row) => row.workspace_id);
}

export interface StatusChange {
  status: StoredEinvoiceStatus;
  platformCode: number | null;
  reason: string | null;
  flowId: string | null;
  source: EinvoiceHistoryEntry['source'];
}

/** Writes the invoice's new e-invoicing status and its history entry (the caller holds its lock). */
export async function writeEinvoiceStatus(
  tx: EntityManager,
  workspaceId: string,
  invoiceId: string,
  change: StatusChange,
): Promise<EinvoiceView> {
  const updated = await kysely(tx)
    .updateTable('invoices')
    .set({
      einvoice_status: change.status,
      einvoice_status_at: sql`clock_timestamp()`,
      einvoice_reason: change.reason,
      ...(change.flowId === null ? {} : { einvoice_flow_id: change.flowId }),
    })
    .where('id', '=', invoiceId)
    .returning(['einvoice_status', 'einvoice_flow_id', 'einvoice_status_at', 'einvoice_reason'])
    .executeTakeFirstOrThrow();
  await kysely(tx)
    .insertInto('einvoice_status_changes')
    .values({
      id: newId('einvoiceStatusChange'),
      workspace_id: workspaceId,
      invoice_id: invoiceId,
      status: change.status,
      platform_code: change.platformCode,
      reason: change.reason,
      flow_id: change.flowId,
      source: change.source,
      created_at: updated.einvoice_status_at ?? sql`clock_timestamp()`,
    })
    .execute();
  return einvoiceView(updated) as EinvoiceView;
}

/** The outbox row the issuing transaction writes: the worker submits the document from it. */
export async function insertSubmission(tx: EntityManager, workspaceId: string, invoiceId: string) {
  await kysely(tx)
    .insertInto('einvoice_submissions')
    .values({ invoice_id: invoiceId, workspace_id: workspaceId })
    .onConflict((conflict) => conflict.column('invoice_id').doNothing())
    .execute();
}

export async function historyOf(em: EntityManager, invoiceId: string): Promise<EinvoiceHistoryEntry[]> {
  const rows = await kysely(em)
    .selectFrom('einvoice_status_changes')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    status: readEinvoiceStatus(row.status),
    platformStatus: row.status,
    platformCode: row.platform_code,
    reason: row.reason,
    flowId: row.flow_id,
    source: row.source,
    at: toIso(row.created_at),
  }));
}
