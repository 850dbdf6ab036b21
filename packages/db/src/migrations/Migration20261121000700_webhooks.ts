import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000700_webhooks extends Migration {
  override name = 'Migration20261121000700_webhooks';

  override up(): void {
    this.addSql(`
      create table webhook_endpoints (
        id text primary key,
        workspace_id text not null references workspaces (id),
        url text not null,
        description text,
        -- empty: every event type
        events text[] not null default '{}',
        status text not null default 'enabled' check (status in ('enabled', 'disabled')),
        disabled_reason text check (disabled_reason in ('manual', 'gone', 'failing')),
        secret text not null,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        -- the first failure of the current run of failures; null after a success
        failing_since timestamptz,
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workspace_id, id)
      )`);
    this.addSql(
      `create index webhook_endpoints_workspace_idx on webhook_endpoints (workspace_id, created_at desc, id desc) where deleted_at is null`,
    );
    this.addSql(`
      create table webhook_deliveries (
        id text primary key,
        workspace_id text not null,
        event_id text not null references events (id),
        endpoint_id text not null,
        status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
        attempts integer not null default 0,
        -- bumped by a redelivery, so its jobs get new ids
        generation integer not null default 0,
        next_attempt_at timestamptz default now(),
        enqueued_attempt integer,
        last_status_code integer,
        last_error text,
        completed_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (event_id, endpoint_id),
        foreign key (workspace_id, endpoint_id) references webhook_endpoints (workspace_id, id)
      )`);
    this.addSql(
      `create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc, id desc)`,
    );
    this.addSql(
      `create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`,
    );
    this.addSql(`
      create table webhook_delivery_attempts (
        id bigint generated always as identity primary key,
        delivery_id text not null references webhook_deliveries (id),
        attempt integer not null,
        started_at timestamptz not null,
        duration_ms integer not null,
        status_code integer,
        error text,
        response_body text,
        next_attempt_at timestamptz
      )`);
    this.addSql(
      `create index webhook_delivery_attempts_delivery_idx on webhook_delivery_attempts (delivery_id, id)`,
    );
    // Wakes the relay the moment an event commits (NOTIFY is delivered at commit).
    this.addSql(`
      create function comptoir_notify_event() returns trigger language plpgsql as $$
      begin
        perform pg_notify('comptoir_events', '');
        return null;
      end $$`);
    this.addSql(`
      create trigger events_notify after insert on events
        for each statement execute function comptoir_notify_event()`);
  }
}
