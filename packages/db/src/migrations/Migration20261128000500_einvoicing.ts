import { Migration } from '@mikro-orm/migrations';

/**
 * E-invoicing through the workspace's approved platform (issue 34; rulings "E-invoicing"): the
 * connection (secrets encrypted), where each issued invoice stands with the platform, the
 * submission outbox the issuing transaction writes, and the history of status changes.
 */
export class Migration20261128000500_einvoicing extends Migration {
  override name = 'Migration20261128000500_einvoicing';

  override up(): void {
    const statuses = `'pending', 'submitted', 'deposited', 'issued', 'received', 'made_available', 'in_process',
      'suspended', 'completed', 'disputed', 'partially_approved', 'approved', 'payment_transmitted', 'refused',
      'paid', 'rejected'`;
    this.addSql(`
      create table einvoicing_connections (
        workspace_id text primary key,
        base_url text not null,
        auth_kind text not null check (auth_kind in ('bearer', 'oauth2')),
        token_url text null,
        client_id text null,
        scope text null,
        organization_id text null,
        credential text not null,
        webhook_secret text not null,
        poll_cursor text null,
        polled_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint einvoicing_connections_workspace_id_fkey foreign key (workspace_id) references workspaces (id),
        constraint einvoicing_connections_credential_encrypted check (starts_with(credential, 'enc:')),
        constraint einvoicing_connections_webhook_secret_encrypted check (starts_with(webhook_secret, 'enc:'))
      )`);
    this.addSql(`
      alter table invoices
        add column einvoice_status text null check (einvoice_status in (${statuses})),
        add column einvoice_flow_id text null,
        add column einvoice_status_at timestamptz null,
        add column einvoice_reason text null`);
    this.addSql(
      `create index invoices_einvoice_pending_idx on invoices (workspace_id) where einvoice_status = 'pending'`,
    );
    this.addSql(`
      create table einvoice_submissions (
        invoice_id text primary key,
        workspace_id text not null,
        attempts int not null default 0,
        next_attempt_at timestamptz not null default now(),
        lease_until timestamptz null,
        uncertain boolean not null default false,
        last_error text null,
        flow_id text null,
        submitted_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint einvoice_submissions_invoice_id_fkey foreign key (invoice_id) references invoices (id),
        constraint einvoice_submissions_workspace_id_fkey foreign key (workspace_id) references workspaces (id)
      )`);
    this.addSql(
      'create index einvoice_submissions_due_idx on einvoice_submissions (next_attempt_at) where submitted_at is null',
    );
    this.addSql(`
      create table einvoice_status_changes (
        id text primary key,
        workspace_id text not null,
        invoice_id text not null,
        status text not null check (status in (${statuses})),
        platform_code int null,
        reason text null,
        flow_id text null,
        source text not null check (source in ('comptoir', 'platform_webhook', 'platform_poll')),
        created_at timestamptz not null default now(),
        constraint einvoice_status_changes_workspace_id_fkey foreign key (workspace_id) references workspaces (id),
        constraint einvoice_status_changes_invoice_id_fkey foreign key (invoice_id) references invoices (id)
      )`);
    this.addSql(
      'create index einvoice_status_changes_invoice_idx on einvoice_status_changes (invoice_id, created_at)',
    );
  }
}
