import { Migration } from '@mikro-orm/migrations';

/**
 * People, sessions, roles (issue 33): better-auth's user, session, account and verification
 * tables under our names, the members of each workspace with their role, the owners'
 * invitations, and who acted on each event (an API key or a user).
 */
export class Migration20261201000000_people extends Migration {
  override name = 'Migration20261201000000_people';

  override up(): void {
    const roles = `'owner', 'accountant', 'sales', 'stock'`;
    this.addSql(`
      create table users (
        id text primary key,
        name text not null,
        email text not null,
        email_verified boolean not null default false,
        image text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint users_email_key unique (email)
      )`);
    this.addSql(`
      create table sessions (
        id text primary key,
        user_id text not null,
        token text not null,
        expires_at timestamptz not null,
        ip_address text null,
        user_agent text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint sessions_token_key unique (token),
        constraint sessions_user_id_fkey foreign key (user_id) references users (id) on delete cascade
      )`);
    this.addSql('create index sessions_user_idx on sessions (user_id)');
    this.addSql(`
      create table accounts (
        id text primary key,
        user_id text not null,
        account_id text not null,
        provider_id text not null,
        access_token text null,
        refresh_token text null,
        id_token text null,
        access_token_expires_at timestamptz null,
        refresh_token_expires_at timestamptz null,
        scope text null,
        password text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint accounts_user_id_fkey foreign key (user_id) references users (id) on delete cascade
      )`);
    this.addSql('create index accounts_user_idx on accounts (user_id)');
    this.addSql(`
      create table verifications (
        id text primary key,
        identifier text not null,
        value text not null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index verifications_identifier_idx on verifications (identifier)');
    this.addSql(`
      create table memberships (
        id text primary key,
        workspace_id text not null,
        user_id text not null,
        role text not null check (role in (${roles})),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint memberships_workspace_id_user_id_key unique (workspace_id, user_id),
        constraint memberships_workspace_id_fkey foreign key (workspace_id) references workspaces (id),
        constraint memberships_user_id_fkey foreign key (user_id) references users (id)
      )`);
    this.addSql('create index memberships_user_idx on memberships (user_id)');
    this.addSql(`
      create table invitations (
        id text primary key,
        workspace_id text not null,
        email text not null,
        role text not null check (role in (${roles})),
        token_hash text not null,
        invited_by text null,
        expires_at timestamptz not null,
        accepted_at timestamptz null,
        accepted_by text null,
        revoked_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint invitations_token_hash_key unique (token_hash),
        constraint invitations_workspace_id_fkey foreign key (workspace_id) references workspaces (id),
        constraint invitations_invited_by_fkey foreign key (invited_by) references users (id),
        constraint invitations_accepted_by_fkey foreign key (accepted_by) references users (id)
      )`);
    this.addSql(
      'create index invitations_workspace_idx on invitations (workspace_id, created_at desc, id desc)',
    );
    this.addSql(`
      alter table events
        add column actor_kind text null check (actor_kind in ('key', 'user')),
        add column actor_id text null,
        add constraint events_actor_check check ((actor_kind is null) = (actor_id is null))`);
  }
}
