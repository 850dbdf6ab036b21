import { type EntityManager, inTransaction, isIdOf, newId, toIso, toIsoOrNull } from '@comptoir/db';
import { requireContact } from '../contacts/index.ts';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/index.ts';
import { type DocumentTotals, documentTotals, insertLines } from '../lines/index.ts';
import { numberDocument } from '../numbering/index.ts';
import { requireOpportunity } from '../opportunities/index.ts';
import { assignments, type ListPage, listPage } from '../paging/index.ts';
import {
  type QuoteCreate,
  type QuoteDetailView,
  type QuoteListQuery,
  type QuoteSentView,
  type QuoteUpdate,
  type QuoteView,
  quoteCreateSchema,
  quoteUpdateSchema,
} from './schemas.ts';

export * from './schemas.ts';

interface QuoteRow {
  id: string;
  number: string | null;
  title: string;
  status: QuoteView['status'];
  client_name: string;
  client_company: string | null;
  client_email: string;
  client_address: string | null;
  client_siret: string | null;
  client_vat_number: string | null;
  tax_rate: string;
  validity_days: number;
  currency: string;
  opportunity_id: string | null;
  intro_text: string | null;
  terms: string | null;
  notes: string | null;
  subtotal: string;
  vat: DocumentTotals['vat'];
  tax_total: string;
  total: string;
  issued_at: Date | string | null;
  sent_at: Date | string | null;
  signed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const quoteColumns = `id, number, title, status, client_name, client_company, client_email, client_address, client_siret,
  client_vat_number, tax_rate, validity_days, currency, opportunity_id, intro_text, terms, notes, subtotal, vat,
  tax_total, total, issued_at, sent_at, signed_at, created_at, updated_at`;

function quoteView(row: QuoteRow): QuoteView {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    clientName: row.client_name,
    clientCompany: row.client_company,
    clientEmail: row.client_email,
    taxRate: Number(row.tax_rate),
    validityDays: row.validity_days,
    currency: row.currency,
    opportunityId: row.opportunity_id,
    issuedAt: toIsoOrNull(row.issued_at),
    sentAt: toIsoOrNull(row.sent_at),
    totals: {
      subtotal: Number(row.subtotal),
      vat: row.vat,
      taxTotal: Number(row.tax_total),
      total: Number(row.total),
    },
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export async function listQuotes(
  em: EntityManager,
  workspaceId: string,
  query: QuoteListQuery,
): Promise<ListPage<QuoteView>> {
  let where = 'workspace_id = ? and deleted_at is null';
  const params: unknown[] = [workspaceId];
  if (query.status) {
    where += ' and status = ?';
    params.push(query.status);
  }
  return listPage<QuoteRow, ReturnType<typeof quoteView>>(
    em,
    { select: quoteColumns, from: 'quotes', where, params, orderBy: 'created_at desc, id desc' },
    query,
    quoteView,
  );
}

/** A live (not deleted) quote of the workspace; `forUpdate` locks it for a state change. */
async function findQuoteRow(em: EntityManager, workspaceId: string, id: string, forUpdate = false) {
  if (!isIdOf('quote', id)) return undefined;
  const [row] = await em.execute<QuoteRow[]>(
    `select ${quoteColumns} from quotes where workspace_id = ? and id = ? and deleted_at is null${forUpdate ? ' for update' : ''}`,
    [workspaceId, id],
  );
  return row;
}

async function quoteDetail(em: EntityManager, row: QuoteRow): Promise<QuoteDetailView> {
  const lines = await em.execute<
    {
      id: string;
      position: number;
      description: string;
      quantity: string;
      unit_price: string;
      unit: string | null;
      discount_percent: string;
      tax_rate: string;
    }[]
  >(
    `select id, position, description, quantity, unit_price, unit, discount_percent, tax_rate
       from quote_lines where quote_id = ? order by position`,
    [row.id],
  );
  return {
    ...quoteView(row),
    clientAddress: row.client_address,
    clientSiret: row.client_siret,
    clientVatNumber: row.client_vat_number,
    introText: row.intro_text,
    terms: row.terms,
    notes: row.notes,
    signedAt: toIsoOrNull(row.signed_at),
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      description: line.description,
      quantity: Number(line.quantity),
      unitPrice: Number(line.unit_price),
      unit: line.unit,
      discountPercent: Number(line.discount_percent),
      taxRate: Number(line.tax_rate),
    })),
  };
}

export async function getQuote(em: EntityManager, workspaceId: string, id: string): Promise<QuoteDetailView> {
  const row = await findQuoteRow(em, workspaceId, id);
  if (!row) throw notFound('Quote');
  return quoteDetail(em, row);
}

function requireDraft(row: QuoteRow): void {
  if (row.status !== 'DRAFT') {
    throw new AppError(
      'quote_not_draft',
      `Quote ${row.id} is ${row.status}: only a DRAFT quote can be changed`,
    );
  }
}

/** Creates a DRAFT quote (no number yet) and records `quote.created`. */
export async function createQuote(
  em: EntityManager,
  workspaceId: string,
  input: QuoteCreate,
): Promise<QuoteView> {
  const data = quoteCreateSchema.parse(input);
  const lines = data.lines;
  const [first] = lines;
  if (!first) throw new Error('a quote has at least one line');
  return inTransaction(em, async (tx) => {
    if (data.opportunityId) await requireOpportunity(tx, workspaceId, data.opportunityId);
    if (data.contactId) await requireContact(tx, workspaceId, data.contactId);
    const id = newId('quote');
    const totals = documentTotals(lines);
    await tx.execute(
      `insert into quotes (id, workspace_id, title, client_name, client_email, currency, tax_rate, opportunity_id,
                           contact_id, subtotal, vat, tax_total, total)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)`,
      [
        id,
        workspaceId,
        first.title,
        data.clientName,
        data.clientEmail,
        data.currency,
        String(first.taxRate),
        data.opportunityId ?? null,
        data.contactId ?? null,
        ...totalsColumns(totals),
      ],
    );
    await insertLines(tx, 'quote', workspaceId, id, lines);
    const row = await findQuoteRow(tx, workspaceId, id);
    if (!row) throw new Error('inserted quote not found');
    const quote = quoteView(row);
    await recordEvent(tx, workspaceId, 'quote.created', quote);
    return quote;
  });
}

/** subtotal, vat, tax_total, total: as stored on the quote. */
function totalsColumns(totals: DocumentTotals): string[] {
  return [String(totals.subtotal), JSON.stringify(totals.vat), String(totals.taxTotal), String(totals.total)];
}

const updatableColumns = {
  title: 'title',
  validityDays: 'validity_days',
  taxRate: 'tax_rate',
  notes: 'notes',
  terms: 'terms',
} as const;

/** Updates a DRAFT quote (`lines` replaces every line) and records `quote.updated`. */
export async function updateQuote(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: QuoteUpdate,
): Promise<QuoteDetailView> {
  const patch = quoteUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findQuoteRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Quote');
    requireDraft(current);
    const { sets, params } = assignments(patch, updatableColumns);
    if (patch.lines) {
      const lines = patch.lines;
      await tx.execute('delete from quote_lines where quote_id = ?', [id]);
      await insertLines(tx, 'quote', workspaceId, id, lines);
      sets.push('subtotal = ?', 'vat = ?::jsonb', 'tax_total = ?', 'total = ?');
      params.push(...totalsColumns(documentTotals(lines)));
    }
    // An empty patch changes nothing, so it records nothing either.
    if (sets.length === 0) return quoteDetail(tx, current);
    await tx.execute(`update quotes set ${sets.join(', ')}, updated_at = now() where id = ?`, [
      ...params,
      id,
    ]);
    const row = await findQuoteRow(tx, workspaceId, id);
    if (!row) throw new Error('updated quote not found');
    const detail = await quoteDetail(tx, row);
    await recordEvent(tx, workspaceId, 'quote.updated', detail);
    return detail;
  });
}

/** Soft-deletes a DRAFT quote: gone from lists and reads. Records `quote.deleted`. */
export async function deleteQuote(em: EntityManager, workspaceId: string, id: string): Promise<{ ok: true }> {
  return inTransaction(em, async (tx) => {
    const current = await findQuoteRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Quote');
    requireDraft(current);
    await tx.execute('update quotes set deleted_at = now(), updated_at = now() where id = ?', [id]);
    await recordEvent(tx, workspaceId, 'quote.deleted', quoteView(current));
    return { ok: true as const };
  });
}

/**
 * Marks a DRAFT quote SENT (no e-mail), numbers it `QUO-<year>-<00001>` with the invoices'
 * guarantees, and moves an attached opportunity from DRAFT to QUOTE_SENT. Records `quote.sent`.
 */
export async function sendQuote(em: EntityManager, workspaceId: string, id: string): Promise<QuoteSentView> {
  return inTransaction(em, async (tx) => {
    const current = await findQuoteRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Quote');
    requireDraft(current);
    if (current.opportunity_id) {
      await tx.execute(
        `update opportunities
            set quote_sent_at = now(), status = case when status = 'DRAFT' then 'QUOTE_SENT' else status end,
                updated_at = now()
          where workspace_id = ? and id = ?`,
        [workspaceId, current.opportunity_id],
      );
    }
    // The update below sets sent_at = now(), the transaction's start time: the same instant.
    const [clock] = await tx.execute<{ now: Date | string }[]>('select now() as now');
    const sentAt = toIso(clock?.now ?? new Date());
    // numberDocument writes the number into this event, in the statement that assigns it.
    const event = await recordEvent(tx, workspaceId, 'quote.sent', {
      id,
      number: null,
      status: 'SENT',
      sentAt,
      updatedAt: sentAt,
    });
    const { number } = await numberDocument<{ number: string }>(tx, workspaceId, 'quote', id, {
      alsoSet: "status = 'SENT', sent_at = now(), updated_at = now()",
      returning: 'number',
      eventId: event.id,
    });
    const sent: QuoteSentView = { id, number, status: 'SENT', sentAt, updatedAt: sentAt };
    return sent;
  });
}
