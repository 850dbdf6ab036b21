import { type Database, type EntityManager, kysely, toIso, type WorkspaceAddress } from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import type { NegativeStockPolicy, WorkspacePatch, WorkspaceView } from './schemas.ts';

type WorkspaceRow = Selectable<Database['workspaces']>;

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

function workspaceView(row: WorkspaceRow): WorkspaceView {
  return {
    id: row.id,
    name: row.name,
    negativeStock: row.negative_stock,
    legalName: row.legal_name,
    legalForm: row.legal_form,
    shareCapital: numberOrNull(row.share_capital),
    rcsCity: row.rcs_city,
    siren: row.siren,
    siret: row.siret,
    vatNumber: row.vat_number,
    address: row.address,
    iban: row.iban,
    bic: row.bic,
    paymentTermsDays: row.payment_terms_days,
    latePenaltyRate: numberOrNull(row.late_penalty_rate),
    vatOnDebits: row.vat_on_debits,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export async function insertWorkspace(
  em: EntityManager,
  workspace: { id: string; name: string; negativeStock: NegativeStockPolicy },
): Promise<WorkspaceView> {
  const row = await kysely(em)
    .insertInto('workspaces')
    .values({ id: workspace.id, name: workspace.name, negative_stock: workspace.negativeStock })
    .returningAll()
    .executeTakeFirstOrThrow();
  return workspaceView(row);
}

/** The workspace; `forUpdate` locks its row until the transaction ends. */
export async function findWorkspace(
  em: EntityManager,
  id: string,
  forUpdate = false,
): Promise<WorkspaceView | undefined> {
  const row = await kysely(em)
    .selectFrom('workspaces')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst();
  return row && workspaceView(row);
}

/** The oldest workspace of that name (names are not unique). */
export async function findWorkspaceByName(
  em: EntityManager,
  name: string,
): Promise<WorkspaceView | undefined> {
  const row = await kysely(em)
    .selectFrom('workspaces')
    .selectAll()
    .where('name', '=', name)
    .orderBy('created_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row && workspaceView(row);
}

export async function workspaceExists(em: EntityManager, id: string): Promise<boolean> {
  const row = await kysely(em).selectFrom('workspaces').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

const decimalOrNull = (value: number | null) => (value === null ? null : String(value));
const jsonbOrNull = (value: WorkspaceAddress | null) =>
  value === null ? null : sql<WorkspaceAddress>`${JSON.stringify(value)}::jsonb`;

/** Writes the given fields (an absent one is kept) and answers the workspace after the change. */
export async function updateWorkspaceRow(
  em: EntityManager,
  id: string,
  patch: WorkspacePatch,
): Promise<WorkspaceView> {
  const row = await kysely(em)
    .updateTable('workspaces')
    .set({
      name: patch.name,
      negative_stock: patch.negativeStock,
      legal_name: patch.legalName,
      legal_form: patch.legalForm,
      share_capital: patch.shareCapital === undefined ? undefined : decimalOrNull(patch.shareCapital),
      rcs_city: patch.rcsCity,
      siren: patch.siren,
      siret: patch.siret,
      vat_number: patch.vatNumber,
      address: patch.address === undefined ? undefined : jsonbOrNull(patch.address),
      iban: patch.iban,
      bic: patch.bic,
      payment_terms_days: patch.paymentTermsDays,
      late_penalty_rate:
        patch.latePenaltyRate === undefined ? undefined : decimalOrNull(patch.latePenaltyRate),
      vat_on_debits: patch.vatOnDebits,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return workspaceView(row);
}
