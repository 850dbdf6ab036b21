import { Migration } from '@mikro-orm/migrations';

/**
 * When an attempt was last handed to the queue: an attempt that stays queued without running is
 * checked again only after a while, instead of on every dispatch pass.
 */
export class Migration20261121000800_delivery_dispatch extends Migration {
  override name = 'Migration20261121000800_delivery_dispatch';

  override up(): void {
    this.addSql('alter table webhook_deliveries add column enqueued_at timestamptz');
  }
}
