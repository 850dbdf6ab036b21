import { Migration } from '@mikro-orm/migrations';

/**
 * The sender of the lifecycle statuses owed to the platform (a refused supplier invoice's
 * Refusée 210, a cashed invoice's Encaissée 212) delivers them exactly once, as the submissions
 * are: a lease, a retry schedule, and a mark that an attempt may have reached the platform.
 */
export class Migration20261129001000_owed_status_delivery extends Migration {
  override name = 'Migration20261129001000_owed_status_delivery';

  override up(): void {
    this.addSql(`
      alter table einvoice_status_outbox
        add column attempts int not null default 0,
        add column next_attempt_at timestamptz not null default now(),
        add column lease_until timestamptz null,
        add column uncertain boolean not null default false,
        add column last_error text null,
        add column flow_id text null`);
    this.addSql(
      'create index einvoice_status_outbox_due_idx on einvoice_status_outbox (next_attempt_at) where sent_at is null',
    );
  }
}
