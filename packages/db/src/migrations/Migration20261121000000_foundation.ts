import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_foundation extends Migration {
  override name = 'Migration20261121000000_foundation';

  override up(): void {
    this.addSql(`create extension if not exists pg_trgm`);
    this.addSql(`create extension if not exists unaccent`);
    // unaccent() is only STABLE (it reads a dictionary); an immutable wrapper that names the
    // dictionary explicitly is the standard way to index its result.
    this.addSql(`
      create or replace function comptoir_fold(value text) returns text
      language sql immutable parallel safe strict
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`);

    this.addSql(`
      create table workspaces (
        id text primary key,
        name text not null,
        negative_stock text not null default 'block' check (negative_stock in ('block', 'allow')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);

    this.addSql(`
      create table api_keys (
        id text primary key,
        workspace_id text not null references workspaces (id),
        name text,
        key_hash text not null unique,
        last_characters text not null,
        scopes text[] not null,
        rate_limit_per_minute integer check (rate_limit_per_minute > 0),
        expires_at timestamptz,
        revoked_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index api_keys_workspace_idx on api_keys (workspace_id, created_at desc, id desc)`);

    this.addSql(`
      create table companies (
        id text primary key,
        workspace_id text not null references workspaces (id),
        name text not null,
        siret text,
        vat_number text,
        address text,
        phone text,
        is_supplier boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workspace_id, id)
      )`);
    this.addSql(`create index companies_workspace_idx on companies (workspace_id, created_at desc, id desc)`);

    this.addSql(`
      create table products (
        id text primary key,
        workspace_id text not null references workspaces (id),
        name text not null,
        reference text,
        barcode text,
        unit text,
        unit_price numeric(18, 4) not null default 0,
        cost_price numeric(18, 4) not null default 0,
        tax_rate numeric(7, 4) not null default 0,
        supplier_id text,
        track_stock boolean not null default false,
        stock_quantity numeric(18, 4),
        stock_threshold numeric(18, 4),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        -- the supplier must be a company of the same workspace
        foreign key (workspace_id, supplier_id) references companies (workspace_id, id),
        check (not track_stock or stock_quantity is not null)
      )`);
    this.addSql(`create index products_workspace_name_idx on products (workspace_id, name, id)`);
    this.addSql(`create unique index products_workspace_reference_key on products (workspace_id, reference)`);
    this.addSql(
      `create index products_workspace_supplier_idx on products (workspace_id, supplier_id, name, id)`,
    );
    // q searches name, reference and barcode as one folded text; \x1f keeps a match from
    // spanning two fields.
    this.addSql(`
      create index products_search_idx on products using gin (
        comptoir_fold(name || E'\\x1f' || coalesce(reference, '') || E'\\x1f' || coalesce(barcode, '')) gin_trgm_ops
      )`);

    this.addSql(`
      create table events (
        id text primary key,
        workspace_id text not null references workspaces (id),
        type text not null,
        data jsonb not null,
        created_at timestamptz not null default now(),
        published_at timestamptz
      )`);
    this.addSql(`create index events_unpublished_idx on events (created_at, id) where published_at is null`);
    this.addSql(`create index events_workspace_idx on events (workspace_id, created_at desc, id desc)`);
  }
}
