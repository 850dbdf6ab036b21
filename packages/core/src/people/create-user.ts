import { type EntityManager, inTransaction } from '@comptoir/db';
import { hashPassword } from 'better-auth/crypto';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { workspaceExists } from '../workspaces/store.ts';
import { type CreatedUser, type UserCreate, userCreateSchema } from './schemas.ts';
import { findMember, findUserByEmail, insertMembership, insertUserWithPassword } from './store.ts';

/**
 * An operator's way in (`cli user create`): makes the user with that password unless the e-mail
 * has an account (whose password is then left as it is), and makes them a member of the
 * workspace with the role. A member already is 409 `member_exists`. Event `member.joined`.
 */
export async function createUser(em: EntityManager, input: UserCreate): Promise<CreatedUser> {
  const data = userCreateSchema.parse(input);
  const passwordHash = await hashPassword(data.password);
  return inTransaction(em, async (tx) => {
    if (!(await workspaceExists(tx, data.workspaceId))) throw notFound('Workspace');
    const existing = await findUserByEmail(tx, data.email);
    const user =
      existing ??
      (await insertUserWithPassword(tx, {
        email: data.email,
        name: data.name ?? data.email.split('@')[0] ?? data.email,
        passwordHash,
      }));
    const joined = await insertMembership(tx, {
      workspaceId: data.workspaceId,
      userId: user.id,
      role: data.role,
    });
    if (!joined) throw new AppError('member_exists', `${data.email} is a member of this workspace already`);
    const member = await findMember(tx, data.workspaceId, user.id);
    if (!member) throw new Error('the membership just made is missing');
    await recordEvent(tx, data.workspaceId, 'member.joined', member);
    return { user, workspaceId: data.workspaceId, role: data.role, created: existing === undefined };
  });
}
