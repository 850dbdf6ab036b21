import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { scopesOfRole } from './roles.ts';
import type { MeView } from './schemas.ts';
import { findUser, membershipsOf } from './store.ts';

/** The signed-in user and every workspace they belong to, with their role and what it allows. */
export async function getMe(em: EntityManager, userId: string): Promise<MeView> {
  const user = await findUser(em, userId);
  if (!user) throw notFound('User');
  const memberships = await membershipsOf(em, userId);
  return {
    user,
    memberships: memberships.map((membership) => ({ ...membership, scopes: scopesOfRole(membership.role) })),
  };
}
