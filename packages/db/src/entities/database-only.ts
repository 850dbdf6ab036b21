/**
 * What the migrated database has that the entities cannot say, by name: the one list of
 * exceptions to "the entities are the schema". test/schema.test.ts removes exactly these from
 * what it reads of the database, then asserts that MikroORM finds nothing to change between the
 * entities and the rest. An entry the database no longer has fails that test, and so does an
 * entity that declares one of them: the list stays exact.
 *
 * Not listed because MikroORM never reads them:
 * - the migrations table (schema_migrations, orm.ts): MikroORM leaves its own table out;
 * - the extensions pg_trgm, unaccent and btree_gin, and the functions they own;
 * - the trigger functions comptoir_count_products(), comptoir_count_list() and
 *   comptoir_notify_event(): MikroORM reads no function returning `trigger`; they exist for the
 *   triggers listed below.
 */

export type DatabaseOnlyKind = 'index' | 'foreignKey' | 'trigger' | 'function';

export interface DatabaseOnly {
  kind: DatabaseOnlyKind;
  /** The table that holds it; none for a function. */
  table?: string;
  name: string;
  why: string;
}

// MikroORM takes an index on an expression only as raw DDL (`expression`), and then compares it
// by name alone: declaring these would copy the migration's SQL into an entity without checking it.
const expressionIndex =
  'an index on an expression; MikroORM would compare its raw DDL by name only, so it stays in the migration';
// A GIN index over a btree column and a trigram one (btree_gin): MikroORM can declare neither the
// operator class nor GIN over a plain column.
const workspaceTrigramIndex =
  'trigram search (GIN over workspace_id (btree_gin) and search_text gin_trgm_ops): MikroORM cannot declare a per-column operator class';
// GIN over the workspace's search keys (comptoir_search_keys): an index on an expression, and GIN.
const workspaceKeysIndex =
  "search by the workspace's keys (GIN over comptoir_search_keys(workspace_id, search_text)): an index on an expression, which MikroORM compares by name only";

// A foreign key is a relation, and a MikroORM relation references the target's primary key (or
// with `targetKey`, one unique property): it cannot reference the composite unique
// (workspace_id, id) that makes the parent a row of the same workspace.
const sameWorkspaceKey =
  'a composite foreign key (workspace_id, x_id) -> parent (workspace_id, id): a MikroORM relation can only reference the primary key or one unique property';

// MikroORM's triggers create their own `<table>_<trigger>_fn` function and compare a trigger
// written as raw DDL by name only; ours call shared functions written in the migrations.
const ownFunctionTrigger =
  'a trigger calling a function of the migrations; MikroORM can only compare it by name';

const index = (table: string, name: string, why: string): DatabaseOnly => ({
  kind: 'index',
  table,
  name,
  why,
});
const foreignKey = (table: string, name: string): DatabaseOnly => ({
  kind: 'foreignKey',
  table,
  name,
  why: sameWorkspaceKey,
});
const trigger = (table: string, name: string): DatabaseOnly => ({
  kind: 'trigger',
  table,
  name,
  why: ownFunctionTrigger,
});

export const databaseOnly: readonly DatabaseOnly[] = [
  index('products', 'products_search_idx', workspaceKeysIndex),
  index('companies', 'companies_search_idx', workspaceTrigramIndex),
  index('contacts', 'contacts_search_idx', workspaceTrigramIndex),
  index('invoices', 'invoices_search_idx', workspaceTrigramIndex),
  index('quotes', 'quotes_search_idx', workspaceTrigramIndex),
  // one e-mail per workspace, compared case-insensitively: unique on (workspace_id, lower(email))
  index('contacts', 'contacts_workspace_email_key', expressionIndex),
  // an invoice's or a quote's timeline: its events by data->>'id' (and a credit note's by
  // data->>'creditedInvoiceId'), partial to the documents' event types
  index('events', 'events_invoice_record_idx', expressionIndex),
  index('events', 'events_credited_invoice_idx', expressionIndex),
  index('events', 'events_quote_record_idx', expressionIndex),

  foreignKey('products', 'products_workspace_id_supplier_id_fkey'),
  foreignKey('contacts', 'contacts_workspace_id_company_id_fkey'),
  foreignKey('opportunities', 'opportunities_workspace_id_contact_id_fkey'),
  foreignKey('opportunities', 'opportunities_workspace_id_company_id_fkey'),
  foreignKey('invoice_lines', 'invoice_lines_workspace_id_invoice_id_fkey'),
  foreignKey('invoice_payments', 'invoice_payments_workspace_id_invoice_id_fkey'),
  foreignKey('invoices', 'invoices_credited_invoice_fkey'),
  foreignKey('invoices', 'invoices_credit_note_fkey'),
  foreignKey('quotes', 'quotes_invoice_fkey'),
  foreignKey('quotes', 'quotes_workspace_id_opportunity_id_fkey'),
  foreignKey('quotes', 'quotes_workspace_id_contact_id_fkey'),
  foreignKey('quote_lines', 'quote_lines_workspace_id_quote_id_fkey'),
  foreignKey('stock_movements', 'stock_movements_workspace_id_product_id_fkey'),
  foreignKey('webhook_deliveries', 'webhook_deliveries_workspace_id_endpoint_id_fkey'),
  foreignKey('supplier_invoices', 'supplier_invoices_workspace_id_supplier_company_id_fkey'),
  foreignKey('supplier_invoice_lines', 'supplier_invoice_lines_workspace_id_supplier_invoice_id_fkey'),
  foreignKey('supplier_invoice_lines', 'supplier_invoice_lines_workspace_id_product_id_fkey'),
  foreignKey('supplier_invoice_files', 'supplier_invoice_files_workspace_id_supplier_invoice_id_fkey'),
  foreignKey('supplier_invoice_payments', 'supplier_invoice_payments_workspace_id_supplier_invoice_id_fkey'),

  // workspace_product_counts, kept by comptoir_count_products() in the writing transaction
  trigger('products', 'products_count_insert'),
  trigger('products', 'products_count_update'),
  trigger('products', 'products_count_delete'),
  // workspace_list_counts, kept by comptoir_count_list() in the writing transaction
  ...['invoices', 'quotes', 'opportunities', 'contacts', 'companies', 'webhook_endpoints'].flatMap((table) =>
    ['insert', 'update', 'delete'].map((operation) => trigger(table, `${table}_count_${operation}`)),
  ),
  // wakes the relay (NOTIFY comptoir_events) when an event commits
  trigger('events', 'events_notify'),

  // lower(unaccent(value)) with the dictionary named, so it is immutable: the stored search
  // columns under the trigram indexes above are built on it
  {
    kind: 'function',
    name: 'comptoir_fold',
    why: 'a MikroORM Routine (ORM configuration, not an entity) could carry its body and immutability, not `strict` or `parallel safe`',
  },
  // the workspace's search keys of a folded text, and those a search asks for: the products'
  // search index is built on the first
  {
    kind: 'function',
    name: 'comptoir_search_keys',
    why: 'a MikroORM Routine (ORM configuration, not an entity) could carry its body and immutability, not `strict` or `parallel safe`',
  },
  {
    kind: 'function',
    name: 'comptoir_search_probe',
    why: 'a MikroORM Routine (ORM configuration, not an entity) could carry its body and immutability, not `strict` or `parallel safe`',
  },
];
