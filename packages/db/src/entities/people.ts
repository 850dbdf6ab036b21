import { defineEntity, p } from '@mikro-orm/core';
import { memberRoles } from '../enums.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { workspaceId } from './workspaces.ts';

// People who sign in (issue 33). `users`, `sessions`, `accounts` and `verifications` are
// better-auth's tables (its user, session, account and verification models), named and cased as
// ours are: core/people/auth.ts maps each of its fields to these columns, and better-auth checks
// the mapping against the database when it first runs. Their ids are ours (`usr_`, `ses_`,
// `acc_`, `vrf_`), made by better-auth through its generateId option.

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: id(),
    name: p.text(),
    // stored lower-case: better-auth looks e-mails up lower-cased
    email: p.text().unique('users_email_key'),
    emailVerified: p.boolean().default(false),
    image: p.text().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
});

const userId = (table: string, deleteRule: 'cascade' | 'no action') =>
  p
    .manyToOne(User)
    .mapToPk()
    .fieldName('user_id')
    .foreignKeyName(`${table}_user_id_fkey`)
    .deleteRule(deleteRule)
    .updateRule('no action');

/** A signed-in browser: the cookie carries the token (signed); signing out deletes the row. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: id(),
    userId: userId('sessions', 'cascade'),
    token: p.text().unique('sessions_token_key'),
    expiresAt: p.datetime(),
    ipAddress: p.text().nullable(),
    userAgent: p.text().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [{ name: 'sessions_user_idx', properties: ['userId'] }],
});

/**
 * How a user signs in: for e-mail and password, provider `credential` with `account_id` = the
 * user's id and `password` the scrypt hash better-auth made (never the password).
 */
export const Account = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: id(),
    userId: userId('accounts', 'cascade'),
    accountId: p.text(),
    providerId: p.text(),
    accessToken: p.text().nullable(),
    refreshToken: p.text().nullable(),
    idToken: p.text().nullable(),
    accessTokenExpiresAt: p.datetime().nullable(),
    refreshTokenExpiresAt: p.datetime().nullable(),
    scope: p.text().nullable(),
    password: p.text().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [{ name: 'accounts_user_idx', properties: ['userId'] }],
});

/** better-auth's one-time values (password reset tokens), each until `expires_at`. */
export const Verification = defineEntity({
  name: 'Verification',
  tableName: 'verifications',
  properties: {
    id: id(),
    identifier: p.text(),
    value: p.text(),
    expiresAt: p.datetime(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [{ name: 'verifications_identifier_idx', properties: ['identifier'] }],
});

/** A user's place in a workspace: one row per (workspace, user), with its role. */
export const Membership = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  properties: {
    id: id(),
    workspaceId: workspaceId('memberships'),
    userId: userId('memberships', 'no action'),
    // a text column with a check constraint listing the roles (memberships_role_check)
    role: p.enum(memberRoles),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ name: 'memberships_workspace_id_user_id_key', properties: ['workspaceId', 'userId'] }],
  indexes: [{ name: 'memberships_user_idx', properties: ['userId'] }],
});

/**
 * An owner's invitation to join a workspace with a role: a link whose token only the link holds
 * (`token_hash` is its SHA-256), valid 7 days, used once.
 */
export const Invitation = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  properties: {
    id: id(),
    workspaceId: workspaceId('invitations'),
    email: p.text(),
    role: p.enum(memberRoles),
    tokenHash: p.text().unique('invitations_token_hash_key'),
    invitedBy: p
      .manyToOne(User)
      .mapToPk()
      .fieldName('invited_by')
      .foreignKeyName('invitations_invited_by_fkey')
      .deleteRule('no action')
      .updateRule('no action')
      .nullable(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: p
      .manyToOne(User)
      .mapToPk()
      .fieldName('accepted_by')
      .foreignKeyName('invitations_accepted_by_fkey')
      .deleteRule('no action')
      .updateRule('no action')
      .nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
  indexes: [
    {
      name: 'invitations_workspace_idx',
      columns: [{ name: 'workspaceId' }, { name: 'createdAt', sort: 'desc' }, { name: 'id', sort: 'desc' }],
    },
  ],
});
