import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { permissions, roleSchema } from './roles.ts';

/** better-auth's limits on a password (auth.ts gives it the same). */
export const passwordLength = { min: 8, max: 128 } as const;

const email = z
  .email({ error: 'an e-mail address' })
  .max(254)
  .transform((value) => value.toLowerCase())
  .meta({ description: 'E-mail address (compared and stored lower-case).' });
const password = z
  .string()
  .min(passwordLength.min, { error: `at least ${passwordLength.min} characters` })
  .max(passwordLength.max, { error: `at most ${passwordLength.max} characters` });
const name = z.string().trim().min(1).max(200);
const userId = z.string().min(1).meta({ description: 'User id (`usr_…`).' });

export const userSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string() })
  .meta({ id: 'User' });
export type UserView = z.infer<typeof userSchema>;

export const membershipSchema = z
  .object({
    workspaceId: z.string(),
    workspaceName: z.string(),
    role: roleSchema,
    scopes: z.array(z.enum(permissions)).meta({
      description: 'What the role allows: the scopes, plus draft:invoices, manage:members, manage:keys.',
    }),
  })
  .meta({ id: 'Membership' });

/** me.get: who is signed in, and where. */
export const meSchema = z
  .object({ user: userSchema, memberships: z.array(membershipSchema) })
  .meta({ id: 'Me' });
export type MeView = z.infer<typeof meSchema>;

export const memberSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: roleSchema,
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'Member' });
export type MemberView = z.infer<typeof memberSchema>;

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    invitedBy: z.string().nullable(),
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Invitation' });
export type InvitationView = z.infer<typeof invitationSchema>;

/** members.invite's answer: the invitation, and its link (shown once: only its hash is kept). */
export const createdInvitationSchema = invitationSchema
  .extend({
    token: z.string(),
    url: z.string().meta({ description: 'The link to send: `<base>/app/invitations/accept?token=…`.' }),
  })
  .meta({ id: 'CreatedInvitation' });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const inviteSchema = bodyObject({ email, role: roleSchema }).meta({ id: 'MemberInvite' });
export type Invite = z.output<typeof inviteSchema>;

export const changeRoleSchema = bodyObject({ userId, role: roleSchema }).meta({ id: 'MemberRoleChange' });
export const removeMemberSchema = bodyObject({ userId }).meta({ id: 'MemberRemove' });
export const revokeInvitationSchema = bodyObject({ id: z.string().min(1) }).meta({
  id: 'InvitationRevoke',
});

/**
 * invitations.accept: the link's token; `name` and `password` make the account when the
 * invited e-mail has none (else they are not needed, and a password given is not checked).
 */
export const acceptInvitationSchema = bodyObject({
  token: z.string().min(1).max(200),
  name: name.optional(),
  password: password.optional(),
}).meta({ id: 'InvitationAccept' });
export type AcceptInvitation = z.output<typeof acceptInvitationSchema>;

export const acceptedInvitationSchema = z
  .object({
    workspaceId: z.string(),
    workspaceName: z.string(),
    role: roleSchema,
    user: userSchema,
    userCreated: z.boolean().meta({ description: 'True when accepting made the account.' }),
  })
  .meta({ id: 'AcceptedInvitation' });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** `cli user create`: a user (made unless the e-mail has one) and their membership. */
export const userCreateSchema = bodyObject({
  workspaceId: z.string().min(1),
  email,
  password,
  role: roleSchema,
  name: name.optional(),
});
export type UserCreate = z.input<typeof userCreateSchema>;

export const createdUserSchema = z.object({
  user: userSchema,
  workspaceId: z.string(),
  role: roleSchema,
  created: z.boolean(),
});
export type CreatedUser = z.infer<typeof createdUserSchema>;
