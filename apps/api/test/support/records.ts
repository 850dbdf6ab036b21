import { scopes as everyScope, type Scope } from '@comptoir/core';
import type { TestApi } from '../harness.ts';
import { bearer } from './http.ts';

/** A workspace of its own with one key (every scope unless told), so what a test counts in it is what it made. */
export async function freshWorkspace(api: TestApi, scopes: readonly Scope[] = everyScope) {
  const workspace = await api.make.workspace();
  const created = await api.make.key(workspace.id, scopes);
  return { workspaceId: workspace.id, key: created.key, headers: bearer(created.key) };
}

export type Workspace = Awaited<ReturnType<typeof freshWorkspace>>;

/**
 * A fresh workspace with a seller identity, so its invoices can be issued (invoices.send answers
 * 422 invoice_incomplete without one). Its first event is that identity's workspace.updated.
 */
export async function sellerWorkspace(
  api: TestApi,
  scopes: readonly Scope[] = everyScope,
): Promise<Workspace> {
  const workspace = await freshWorkspace(api, scopes);
  await api.make.seller(workspace.workspaceId);
  return workspace;
}

export interface RecordedEvent<T = unknown> {
  type: string;
  data: T;
}

/** The events recorded in a workspace, oldest first. */
export const eventsOfWorkspace = (api: TestApi, workspaceId: string) =>
  api.db.orm.em
    .fork()
    .execute<RecordedEvent[]>(
      'select type, data from events where workspace_id = ? order by created_at, id',
      [workspaceId],
    );

/** The events whose data has `field` = `value` (the record's `id` unless told), oldest first. */
export const eventsAbout = <T = unknown>(api: TestApi, value: string, field = 'id') =>
  api.db.orm.em
    .fork()
    .execute<RecordedEvent<T>[]>('select type, data from events where data->>? = ? order by created_at, id', [
      field,
      value,
    ]);

// api_keys changes on every authenticated request (lastUsedAt), refused or not.
const notRecords = new Set(['api_keys']);
let recordTables: string[] | undefined;

/**
 * One digest per table of everything the API stores (all tables but api_keys), read in one
 * statement: equal fingerprints before and after a request mean it wrote nothing.
 */
export async function databaseFingerprint(api: TestApi): Promise<Record<string, string>> {
  const em = api.db.orm.em.fork();
  recordTables ??= (
    await em.execute<{ table_name: string }[]>(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((table) => !notRecords.has(table));
  const columns = recordTables.map(
    (table) =>
      `(select md5(coalesce(string_agg(row_text, '|' order by row_text), '')) from (select t::text as row_text from "${table}" t) rows) as "${table}"`,
  );
  const [row] = await em.execute<Record<string, string>[]>(`select ${columns.join(', ')}`);
  return row ?? {};
}
