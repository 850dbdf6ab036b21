import { type EntityManager, isIdOf, kysely, toIso, toIsoOrNull } from '@comptoir/db';
import { type InferResult, sql } from 'kysely';
import type { ListPage } from '../paging/index.ts';
import { keptTotal, selectPage } from '../paging/select-page.ts';
import type { OpportunityDetailView, OpportunityListQuery, OpportunityView } from './schemas.ts';

/** Opportunities with their contact's e-mail and their company's name: what a read shows. */
function opportunitiesWithReferences(em: EntityManager) {
  return kysely(em)
    .selectFrom('opportunities as o')
    .leftJoin('contacts as ct', (join) =>
      join.onRef('ct.workspace_id', '=', 'o.workspace_id').onRef('ct.id', '=', 'o.contact_id'),
    )
    .leftJoin('companies as co', (join) =>
      join.onRef('co.workspace_id', '=', 'o.workspace_id').onRef('co.id', '=', 'o.company_id'),
    )
    .select([
      'o.id',
      'o.title',
      'o.status',
      'o.amount',
      'o.priority',
      'ct.email as contact_email',
      'o.company_id',
      'co.name as company_name',
      'o.last_contact_at',
      'o.next_follow_up_at',
      'o.won_at',
      'o.quote_sent_at',
      'o.created_at',
    ]);
}

type OpportunityRow = InferResult<ReturnType<typeof opportunitiesWithReferences>>[number];

// Kysely's types say Date for timestamps; MikroORM's pg settings hand them back as text.
function opportunityView(row: OpportunityRow): OpportunityView {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    amount: row.amount === null ? null : Number(row.amount),
    priority: row.priority,
    contactEmail: row.contact_email,
    companyId: row.company_id,
    company:
      row.company_id && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
    lastContactAt: toIsoOrNull(row.last_contact_at),
    nextFollowUpAt: toIsoOrNull(row.next_follow_up_at),
    wonAt: toIsoOrNull(row.won_at),
    createdAt: toIso(row.created_at),
  };
}

function opportunityDetailView(row: OpportunityRow): OpportunityDetailView {
  return { ...opportunityView(row), quoteSentAt: toIsoOrNull(row.quote_sent_at) };
}

/** A page of the workspace's opportunities, newest first, optionally of one status. */
export async function opportunityPage(
  em: EntityManager,
  workspaceId: string,
  query: OpportunityListQuery,
): Promise<ListPage<OpportunityView>> {
  let opportunities = opportunitiesWithReferences(em).where('o.workspace_id', '=', workspaceId);
  if (query.status) opportunities = opportunities.where('o.status', '=', query.status);
  return selectPage(
    opportunities.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc'),
    query,
    opportunityView,
    keptTotal(em, 'opportunities', workspaceId, query.status),
  );
}

/** An opportunity of the workspace with its references; none for an id of another shape. */
export async function findOpportunity(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<OpportunityDetailView | undefined> {
  if (!isIdOf('opportunity', id)) return undefined;
  const row = await opportunitiesWithReferences(em)
    .where('o.workspace_id', '=', workspaceId)
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row && opportunityDetailView(row);
}

export interface NewOpportunity {
  id: string;
  title: string;
  status: OpportunityView['status'];
  amount: number | null;
  contactId: string | null;
  companyId: string | null;
}

export async function insertOpportunity(
  em: EntityManager,
  workspaceId: string,
  opportunity: NewOpportunity,
): Promise<void> {
  await kysely(em)
    .insertInto('opportunities')
    .values({
      id: opportunity.id,
      workspace_id: workspaceId,
      title: opportunity.title,
      status: opportunity.status,
      // As text: NUMERIC never sees a binary float.
      amount: opportunity.amount === null ? null : String(opportunity.amount),
      contact_id: opportunity.contactId,
      company_id: opportunity.companyId,
    })
    .execute();
}

/** The stored fields an update compares its patch with; the row is locked until the transaction ends. */
export async function lockOpportunity(tx: EntityManager, workspaceId: string, id: string) {
  if (!isIdOf('opportunity', id)) return undefined;
  return kysely(tx)
    .selectFrom('opportunities')
    .select([
      'title',
      'amount',
      'status',
      'priority',
      'contact_id',
      'company_id',
      'last_contact_at',
      'next_follow_up_at',
    ])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** What an update writes: undefined fields stay; `wonAt` 'now' stamps the transaction's time. */
export interface OpportunityChanges {
  title?: string;
  amount?: number | null;
  status?: OpportunityView['status'];
  priority?: string | null;
  contactId?: string | null;
  companyId?: string | null;
  lastContactAt?: string | null;
  nextFollowUpAt?: string | null;
  wonAt?: 'now' | null;
}

const dateOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export async function updateOpportunityRow(
  tx: EntityManager,
  workspaceId: string,
  id: string,
  changes: OpportunityChanges,
): Promise<void> {
  await kysely(tx)
    .updateTable('opportunities')
    .set((eb) => ({
      title: changes.title,
      // As text: NUMERIC never sees a binary float.
      amount:
        changes.amount === undefined ? undefined : changes.amount === null ? null : String(changes.amount),
      status: changes.status,
      priority: changes.priority,
      contact_id: changes.contactId,
      company_id: changes.companyId,
      last_contact_at: dateOrNull(changes.lastContactAt),
      next_follow_up_at: dateOrNull(changes.nextFollowUpAt),
      won_at: changes.wonAt === 'now' ? eb.fn<Date>('now') : changes.wonAt,
      updated_at: eb.fn<Date>('now'),
    }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** Records on the quote's opportunity that a quote went out, moving a DRAFT one to QUOTE_SENT. */
export async function markOpportunityQuoteSent(
  tx: EntityManager,
  workspaceId: string,
  opportunityId: string,
): Promise<void> {
  await kysely(tx)
    .updateTable('opportunities')
    .set((eb) => ({
      quote_sent_at: sql<Date>`now()`,
      status: eb
        .case()
        .when('status', '=', 'DRAFT')
        .then(sql.lit('QUOTE_SENT' as const))
        .else(eb.ref('status'))
        .end(),
      updated_at: sql<Date>`now()`,
    }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', opportunityId)
    .execute();
}

/**
 * Moves the opportunity to WON, won at the transaction's time, unless it is WON already.
 * True when it moved.
 */
export async function markOpportunityWon(
  tx: EntityManager,
  workspaceId: string,
  opportunityId: string,
): Promise<boolean> {
  const moved = await kysely(tx)
    .updateTable('opportunities')
    .set({ status: 'WON', won_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', opportunityId)
    .where('status', '<>', 'WON')
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/**
 * The workspace's open opportunities (neither WON nor LOST) whose next follow-up is before `by`
 * (past ones included), soonest first, at most `limit`, and how many there are.
 */
export async function opportunitiesToFollowUp(
  em: EntityManager,
  workspaceId: string,
  by: Date,
  limit: number,
): Promise<{ count: number; opportunities: OpportunityView[] }> {
  const rows = await opportunitiesWithReferences(em)
    .select((eb) => eb.fn.countAll<string>().over().as('comptoir_follow_up_total'))
    .where('o.workspace_id', '=', workspaceId)
    .where('o.status', 'not in', ['WON', 'LOST'])
    .where('o.next_follow_up_at', '<=', sql<Date>`${by.toISOString()}::timestamptz`)
    .orderBy('o.next_follow_up_at')
    .orderBy('o.id')
    .limit(limit)
    .execute();
  return {
    count: Number(rows[0]?.comptoir_follow_up_total ?? 0),
    opportunities: rows.map(opportunityView),
  };
}
