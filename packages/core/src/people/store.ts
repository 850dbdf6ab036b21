import { type Database, type EntityManager, kysely, newId, toIso } from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import type { Role } from './roles.ts';
import type { InvitationView, MemberView, UserView } from './schemas.ts';

export async function findUserByEmail(em: EntityManager, email: string): Promise<UserView | undefined> {
  return kysely(em)
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findUser(em: EntityManager, id: string): Promise<UserView | undefined> {
  return kysely(em)
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A user who signs in with e-mail and password, as better-auth keeps one: the user row and its
 * `credential` account holding the password's hash (never the password).
 */
export async function insertUserWithPassword(
  em: EntityManager,
  user: { email: string; name: string; passwordHash: string },
): Promise<UserView> {
  const id = newId('user');
  const db = kysely(em);
  await db.insertInto('users').values({ id, email: user.email, name: user.name }).execute();
  await db
    .insertInto('accounts')
    .values({
      id: newId('account'),
      user_id: id,
      account_id: id,
      provider_id: 'credential',
      password: user.passwordHash,
    })
    .execute();
  return { id, email: user.email, name: user.name };
}

/** Replaces the password of the user's `credential` account (making the account if it has none). */
export async function setPassword(em: EntityManager, userId: string, passwordHash: string): Promise<void> {
  const db = kysely(em);
  const updated = await db
    .updateTable('accounts')
    .set({ password: passwordHash, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .returning('id')
    .executeTakeFirst();
  if (!updated) {
    await db
      .insertInto('accounts')
      .values({
        id: newId('account'),
        user_id: userId,
        account_id: userId,
        provider_id: 'credential',
        password: passwordHash,
      })
      .execute();
  }
}

/** The member's role in the workspace, or undefined: every request of a session reads it. */
export async function roleOf(
  em: EntityManager,
  userId: string,
  workspaceId: string,
): Promise<Role | undefined> {
  const row = await kysely(em)
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', userId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.role;
}

export async function membershipsOf(
  em: EntityManager,
  userId: string,
): Promise<{ workspaceId: string; workspaceName: string; role: Role }[]> {
  const rows = await kysely(em)
    .selectFrom('memberships as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['m.workspace_id', 'w.name', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('w.name')
    .orderBy('m.workspace_id')
    .execute();
  return rows.map((row) => ({ workspaceId: row.workspace_id, workspaceName: row.name, role: row.role }));
}

type MemberRow = { user_id: string; email: string; name: string; role: Role; created_at: Date | string };

function memberView(row: MemberRow): MemberView {
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    joinedAt: toIso(row.created_at),
  };
}

const memberQuery = (em: EntityManager, workspaceId: string) =>
  kysely(em)
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId);

/** The workspace's members, oldest first (the first owner leads). */
export async function membersOf(em: EntityManager, workspaceId: string): Promise<MemberView[]> {
  const rows = await memberQuery(em, workspaceId).orderBy('m.created_at').orderBy('m.id').execute();
  return rows.map(memberView);
}

export async function findMember(
  em: EntityManager,
  workspaceId: string,
  userId: string,
): Promise<MemberView | undefined> {
  const row = await memberQuery(em, workspaceId).where('m.user_id', '=', userId).executeTakeFirst();
  return row && memberView(row);
}

/** Adds the user to the workspace; false when they are a member already (nothing changed). */
export async function insertMembership(
  em: EntityManager,
  membership: { workspaceId: string; userId: string; role: Role },
): Promise<boolean> {
  const inserted = await kysely(em)
    .insertInto('memberships')
    .values({
      id: newId('membership'),
      workspace_id: membership.workspaceId,
      user_id: membership.userId,
      role: membership.role,
    })
    .onConflict((conflict) => conflict.constraint('memberships_workspace_id_user_id_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updateRole(
  em: EntityManager,
  workspaceId: string,
  userId: string,
  role: Role,
): Promise<void> {
  await kysely(em)
    .updateTable('memberships')
    .set({ role, updated_at: sql<Date>`now()` })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembership(
  em: EntityManager,
  workspaceId: string,
  userId: string,
): Promise<void> {
  await kysely(em)
    .deleteFrom('memberships')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Locks the workspace's row, so changes to its members are made one at a time (the last owner
 * stays), and counts its owners.
 */
export async function lockOwners(em: EntityManager, workspaceId: string): Promise<number> {
  await kysely(em).selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
  const row = await kysely(em)
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('owners'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  return Number(row?.owners ?? 0);
}

type InvitationRow = Selectable<Database['invitations']>;

export function invitationView(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  };
}

export async function insertInvitation(
  em: EntityManager,
  invitation: { workspaceId: string; email: string; role: Role; tokenHash: string; invitedBy: string | null },
  validForDays: number,
): Promise<InvitationRow> {
  return kysely(em)
    .insertInto('invitations')
    .values({
      id: newId('invitation'),
      workspace_id: invitation.workspaceId,
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      expires_at: sql<Date>`now() + make_interval(days => ${validForDays})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The invitation a token opens, locked until the transaction ends, with whether it has expired. */
export async function lockInvitationByTokenHash(
  em: EntityManager,
  tokenHash: string,
): Promise<(InvitationRow & { expired: boolean }) | undefined> {
  return kysely(em)
    .selectFrom('invitations')
    .selectAll()
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markAccepted(em: EntityManager, id: string, userId: string): Promise<void> {
  await kysely(em)
    .updateTable('invitations')
    .set({ accepted_at: sql<Date>`now()`, accepted_by: userId })
    .where('id', '=', id)
    .execute();
}

/** The workspace's invitations still waiting: neither accepted, revoked nor expired. Newest first. */
export async function pendingInvitations(em: EntityManager, workspaceId: string): Promise<InvitationView[]> {
  const rows = await kysely(em)
    .selectFrom('invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(invitationView);
}

/** Revokes a pending invitation of the workspace; undefined when there is none of that id. */
export async function revokeInvitationRow(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<InvitationView | undefined> {
  const row = await kysely(em)
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row && invitationView(row);
}
