import {
  type Database,
  type EntityManager,
  isIdOf,
  kysely,
  reusedStatement,
  toIso,
  toIsoOrNull,
} from '@comptoir/db';
import { type Selectable, sql, type Updateable } from 'kysely';
import { amountsColumns, amountsOfRow, documentLines } from '../lines/store.ts';
import { type DocumentAmounts, documentTotals } from '../lines/totals.ts';
import { numberDocument } from '../numbering/store.ts';
import { documentSearchPage } from '../paging/document-search.ts';
import type { ListPage } from '../paging/index.ts';
import { keptTotal, selectPage } from '../paging/select-page.ts';
import type { QuoteDetailView, QuoteListQuery, QuoteUpdate, QuoteView } from './schemas.ts';

type QuoteRow = Selectable<Database['quotes']>;

/** The transaction's start time: every statement of a transaction sees the same `now()`. */
const now = sql<Date>`now()`;

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
    invoiceId: row.invoice_id,
    totals: documentTotals(amountsOfRow(row)),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** A quote as the store reads it: the list's view plus the detail's own fields, lines aside. */
export interface StoredQuote {
  view: QuoteView;
  detail: Omit<QuoteDetailView, keyof QuoteView | 'lines'>;
}

function storedQuote(row: QuoteRow): StoredQuote {
  return {
    view: quoteView(row),
    detail: {
      clientAddress: row.client_address,
      clientSiret: row.client_siret,
      clientVatNumber: row.client_vat_number,
      introText: row.intro_text,
      terms: row.terms,
      notes: row.notes,
      signedAt: toIsoOrNull(row.signed_at),
    },
  };
}

/**
 * A page of the workspace's live quotes, newest first, optionally of one status (see selectPage),
 * its total from the counters kept per status; with `q`, a search page (documentSearchPage).
 */
export async function quotePage(
  em: EntityManager,
  workspaceId: string,
  query: QuoteListQuery,
): Promise<ListPage<QuoteView>> {
  const q = query.q?.trim();
  if (q) return documentSearchPage(em, 'quotes', { workspaceId, q, status: query.status }, query, quoteView);
  let matching = kysely(em)
    .selectFrom('quotes')
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null);
  if (query.status) matching = matching.where('status', '=', query.status);
  return selectPage(
    matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    query,
    quoteView,
    keptTotal(em, 'quotes', workspaceId, query.status),
  );
}

/**
 * A live (not deleted) quote of the workspace, none for an id of another shape; `forUpdate`
 * locks it for a state change.
 */
export async function findQuote(
  em: EntityManager,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<StoredQuote | undefined> {
  if (!isIdOf('quote', id)) return undefined;
  const [row] = await (forUpdate ? quoteByIdForUpdate : quoteById).run(em, workspaceId, id);
  return row && storedQuote(row);
}

// A quote's read is two statements (the quote, its lines), each compiled once: Kysely's build
// and compile per call was measurable on GET /quotes/{id} (docs/benchmarks.md).
const quoteByIdStatement = (forUpdate: boolean) =>
  reusedStatement<[workspaceId: string, id: string], QuoteRow>(2, (db, workspaceId = '', id = '') =>
    db
      .selectFrom('quotes')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .$if(forUpdate, (query) => query.forUpdate()),
  );
const quoteById = quoteByIdStatement(false);
const quoteByIdForUpdate = quoteByIdStatement(true);

/** The detail of a quote read by findQuote: its fields and its lines, in order. */
export async function quoteDetail(em: EntityManager, quote: StoredQuote): Promise<QuoteDetailView> {
  return { ...quote.view, ...quote.detail, lines: await documentLines(em, 'quote', quote.view.id) };
}

export interface NewQuote {
  id: string;
  title: string;
  clientName: string;
  clientCompany: string | null;
  clientEmail: string;
  currency: string;
  taxRate: number;
  opportunityId: string | null;
  contactId: string | null;
  amounts: DocumentAmounts;
}

/** Inserts a DRAFT quote without its lines; the database fills in the defaults. */
export async function insertQuote(tx: EntityManager, workspaceId: string, quote: NewQuote): Promise<void> {
  await kysely(tx)
    .insertInto('quotes')
    .values({
      id: quote.id,
      workspace_id: workspaceId,
      title: quote.title,
      client_name: quote.clientName,
      client_company: quote.clientCompany,
      client_email: quote.clientEmail,
      currency: quote.currency,
      tax_rate: String(quote.taxRate),
      opportunity_id: quote.opportunityId,
      contact_id: quote.contactId,
      ...amountsColumns(quote.amounts),
    })
    .execute();
}

/** The columns a patch changes (undefined means "leave as is"), and the totals of new lines. */
function quoteChanges(patch: Omit<QuoteUpdate, 'lines'>, amounts: DocumentAmounts | undefined) {
  const changes: Updateable<Database['quotes']> = {};
  if (patch.title !== undefined) changes.title = patch.title;
  if (patch.validityDays !== undefined) changes.validity_days = patch.validityDays;
  // NUMERIC columns get text, never a binary float
  if (patch.taxRate !== undefined) changes.tax_rate = String(patch.taxRate);
  if (patch.notes !== undefined) changes.notes = patch.notes;
  if (patch.terms !== undefined) changes.terms = patch.terms;
  return amounts ? { ...changes, ...amountsColumns(amounts) } : changes;
}

/**
 * Writes the fields a patch gives, and the totals when its lines changed. Returns false when
 * there was nothing to write (the quote is untouched, updated_at included).
 */
export async function updateQuoteFields(
  tx: EntityManager,
  id: string,
  patch: Omit<QuoteUpdate, 'lines'>,
  amounts: DocumentAmounts | undefined,
): Promise<boolean> {
  const changes = quoteChanges(patch, amounts);
  if (Object.keys(changes).length === 0) return false;
  await kysely(tx)
    .updateTable('quotes')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function softDeleteQuote(tx: EntityManager, id: string): Promise<void> {
  await kysely(tx)
    .updateTable('quotes')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The transaction's start time, which `now()` gives every statement of the transaction. */
export async function transactionTime(tx: EntityManager): Promise<string> {
  const clock = await kysely(tx).selectNoFrom(now.as('now')).executeTakeFirstOrThrow();
  return toIso(clock.now);
}

/**
 * Numbers the quote and marks it SENT at the transaction's time, as the transaction's last
 * statement (numberDocument holds the counter's lock until the commit). `eventId` is the
 * recorded `quote.sent` event, which gets the number in the same statement.
 */
export function numberSentQuote(
  tx: EntityManager,
  workspaceId: string,
  id: string,
  eventId: string,
): Promise<string> {
  return numberDocument(tx, workspaceId, 'quote', id, {
    alsoSet: sql`status = 'SENT', sent_at = now(), updated_at = now()`,
    eventId,
  });
}

/** What the expiry sweep takes: the predicate of the partial index quotes_expiry_idx. */
const expiryCandidate = sql<boolean>`status in ('SENT', 'SENT_FOR_SIGNATURE')`;

/**
 * Marks EXPIRED up to `limit` SENT or SENT_FOR_SIGNATURE quotes of any workspace whose
 * `sent_at + validity_days` is before `at` (the database's clock unless given), oldest sent
 * first, and answers them as they now are. Rows another transaction holds are skipped (SKIP
 * LOCKED); the UPDATE checks the status again, so one accepted meanwhile stays as it is.
 */
export async function expireDueQuotes(
  tx: EntityManager,
  limit: number,
  at?: Date,
): Promise<{ workspaceId: string; quote: QuoteView }[]> {
  const clock = at ? sql<Date>`${at.toISOString()}::timestamptz` : now;
  const rows = await kysely(tx)
    .updateTable('quotes')
    .set({ status: 'EXPIRED', updated_at: now })
    .where('id', 'in', (db) =>
      db
        .selectFrom('quotes')
        .select('id')
        .where(expiryCandidate)
        .where('deleted_at', 'is', null)
        // implied by the next (validity_days >= 0): the range scan of quotes_expiry_idx
        .where('sent_at', '<', clock)
        .where(sql<boolean>`sent_at + make_interval(days => validity_days) < ${clock}`)
        .orderBy('sent_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where(expiryCandidate)
    .returningAll()
    .execute();
  return rows.map((row) => ({ workspaceId: row.workspace_id, quote: quoteView(row) }));
}

/**
 * The workspace's live quotes awaiting the client's answer (SENT or SENT_FOR_SIGNATURE), oldest
 * sent first, at most `limit`, and how many there are (counted before the limit).
 */
export async function quotesAwaitingAnswer(
  em: EntityManager,
  workspaceId: string,
  limit: number,
): Promise<{ count: number; quotes: QuoteView[] }> {
  const rows = await kysely(em)
    .selectFrom('quotes')
    .selectAll()
    .select((eb) => eb.fn.countAll<string>().over().as('comptoir_awaiting_total'))
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['SENT', 'SENT_FOR_SIGNATURE'])
    .orderBy('sent_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return { count: Number(rows[0]?.comptoir_awaiting_total ?? 0), quotes: rows.map(quoteView) };
}
