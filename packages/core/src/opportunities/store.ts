import { type EntityManager, isIdOf, kysely, toIso, toIsoOrNull } from '@comptoir/db';
import { type InferResult, sql } from 'kysely';
import type { ListPage } from '../paging/index.ts';
import { selectPage } from '../paging/select-page.ts';
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
