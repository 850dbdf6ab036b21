import { Migration } from '@mikro-orm/migrations';

/**
 * The rendered documents of issued invoices, credit notes and sent quotes (rulings:
 * "Documents"): the first render is kept with its SHA-256 and served byte for byte ever after,
 * one per source and format. `source_id` is an invoice's or a quote's id: no foreign key can
 * name either table, and a document outlives nothing (legal records are never deleted).
 */
export class Migration20261123000400_documents extends Migration {
  override name = 'Migration20261123000400_documents';

  override up(): void {
    this.addSql(`
      create table documents (
        id text primary key,
        workspace_id text not null,
        source_id text not null,
        format text not null check (format in ('pdf', 'xml')),
        sha256 text not null,
        content bytea not null,
        content_type text not null,
        filename text not null,
        created_at timestamptz not null default now(),
        constraint documents_workspace_id_fkey foreign key (workspace_id) references workspaces (id),
        constraint documents_workspace_id_source_id_format_key unique (workspace_id, source_id, format)
      )`);
  }
}
