import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000600_stock extends Migration {
  override name = 'Migration20261121000600_stock';

  override up(): void {
    this.addSql(`alter table products add constraint products_workspace_id_key unique (workspace_id, id)`);
    // The stock ledger: one row per applied change, never updated.
    this.addSql(`
      create table stock_movements (
        id text primary key,
        workspace_id text not null references workspaces (id),
        product_id text not null,
        kind text not null check (kind in ('adjustment', 'movement')),
        quantity_before numeric(18, 4) not null,
        quantity_after numeric(18, 4) not null,
        delta numeric(18, 4) not null,
        reason text,
        ref_kind text,
        ref_id text,
        unit_cost numeric(18, 4),
        api_key_id text,
        created_at timestamptz not null default now(),
        foreign key (workspace_id, product_id) references products (workspace_id, id)
      )`);
    this.addSql(
      `create index stock_movements_workspace_idx on stock_movements (workspace_id, created_at desc, id desc)`,
    );
    this.addSql(
      `create index stock_movements_product_idx on stock_movements (workspace_id, product_id, created_at desc, id desc)`,
    );
    // Idempotency-Key results, per workspace and endpoint; written in the transaction of the effect.
    this.addSql(`
      create table idempotency_keys (
        workspace_id text not null references workspaces (id),
        endpoint text not null,
        key text not null,
        fingerprint text not null,
        status integer not null,
        body jsonb not null,
        created_at timestamptz not null default now(),
        primary key (workspace_id, endpoint, key)
      )`);
    this.addSql(`create index idempotency_keys_created_idx on idempotency_keys (created_at)`);
  }
}
