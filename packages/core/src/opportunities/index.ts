import { type EntityManager, inTransaction, isIdOf, newId, toIso, toIsoOrNull } from '@comptoir/db';
import { requireCompany } from '../companies/index.ts';
import { requireContact } from '../contacts/index.ts';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/index.ts';
import { type ListPage, listPage } from '../paging/index.ts';
import {
  type OpportunityCreate,
  type OpportunityDetailView,
  type OpportunityListQuery,
  type OpportunityView,
  opportunityCreateSchema,
} from './schemas.ts';

export * from './schemas.ts';

interface OpportunityRow {
  id: string;
  title: string;
  status: OpportunityView['status'];
  amount: string | null;
  priority: string | null;
  contact_email: string | null;
  company_id: string | null;
  company_name: string | null;
  last_contact_at: Date | string | null;
  next_follow_up_at: Date | string | null;
  won_at: Date | string | null;
  quote_sent_at: Date | string | null;
  created_at: Date | string;
}

const opportunityColumns = `o.id, o.title, o.status, o.amount, o.priority, ct.email as contact_email, o.company_id,
  co.name as company_name, o.last_contact_at, o.next_follow_up_at, o.won_at, o.quote_sent_at, o.created_at`;
const opportunitiesWithReferences = `opportunities o
  left join contacts ct on ct.workspace_id = o.workspace_id and ct.id = o.contact_id
  left join companies co on co.workspace_id = o.workspace_id and co.id = o.company_id`;

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

export async function listOpportunities(
  em: EntityManager,
  workspaceId: string,
  query: OpportunityListQuery,
): Promise<ListPage<OpportunityView>> {
  let where = 'o.workspace_id = ?';
  const params: unknown[] = [workspaceId];
  if (query.status) {
    where += ' and o.status = ?';
    params.push(query.status);
  }
  return listPage<OpportunityRow, ReturnType<typeof opportunityView>>(
    em,
    {
      select: opportunityColumns,
      from: opportunitiesWithReferences,
      where,
      params,
      orderBy: 'o.created_at desc, o.id desc',
    },
    query,
    opportunityView,
  );
}

async function findOpportunityRow(em: EntityManager, workspaceId: string, id: string) {
  if (!isIdOf('opportunity', id)) return undefined;
  const [row] = await em.execute<OpportunityRow[]>(
    `select ${opportunityColumns} from ${opportunitiesWithReferences} where o.workspace_id = ? and o.id = ?`,
    [workspaceId, id],
  );
  return row;
}

export async function getOpportunity(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<OpportunityDetailView> {
  const row = await findOpportunityRow(em, workspaceId, id);
  if (!row) throw notFound('Opportunity');
  return { ...opportunityView(row), quoteSentAt: toIsoOrNull(row.quote_sent_at) };
}

/** The opportunity a reference in a create body names, or 404 opportunity_not_found. */
export async function requireOpportunity(em: EntityManager, workspaceId: string, id: string): Promise<void> {
  if (!(await findOpportunityRow(em, workspaceId, id))) {
    throw new AppError('opportunity_not_found', `Opportunity ${id} not found`);
  }
}

/** Creates an opportunity (DRAFT unless given) and records `opportunity.created`. */
export async function createOpportunity(
  em: EntityManager,
  workspaceId: string,
  input: OpportunityCreate,
): Promise<OpportunityView> {
  const data = opportunityCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    if (data.contactId) await requireContact(tx, workspaceId, data.contactId);
    if (data.companyId) await requireCompany(tx, workspaceId, data.companyId);
    const id = newId('opportunity');
    await tx.execute(
      `insert into opportunities (id, workspace_id, title, status, amount, contact_id, company_id)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        workspaceId,
        data.title,
        data.status ?? 'DRAFT',
        data.amount === undefined ? null : String(data.amount),
        data.contactId ?? null,
        data.companyId ?? null,
      ],
    );
    const row = await findOpportunityRow(tx, workspaceId, id);
    if (!row) throw new Error('inserted opportunity not found');
    const opportunity = opportunityView(row);
    await recordEvent(tx, workspaceId, 'opportunity.created', opportunity);
    return opportunity;
  });
}
