import { createUser, listMembers, type Role, roles } from '@comptoir/core';
import { withOrm } from '../database.ts';
import { CliError, type Flags, type Output, required } from '../output.ts';

/** `user create --workspace W --email E --password P --role R [--name N]` */
export async function userCreate(out: Output, flags: Flags) {
  const role = required(flags, 'role');
  if (!(roles as readonly string[]).includes(role)) {
    throw new CliError(`--role must be one of: ${roles.join(', ')}`);
  }
  const created = await withOrm((orm) =>
    createUser(orm.em.fork(), {
      workspaceId: required(flags, 'workspace'),
      email: required(flags, 'email'),
      password: required(flags, 'password'),
      role: role as Role,
      ...(typeof flags.name === 'string' ? { name: flags.name } : {}),
    }),
  );
  out.result({ ...created }, () => [
    created.created
      ? `Created user ${created.user.id} (${created.user.email}), ${created.role} of ${created.workspaceId}: they sign in with that password`
      : `${created.user.email} (${created.user.id}) had an account: now ${created.role} of ${created.workspaceId}, password unchanged`,
  ]);
}

/** `user list --workspace W`: the workspace's members, oldest first. */
export async function userList(out: Output, flags: Flags) {
  const members = await withOrm((orm) => listMembers(orm.em.fork(), required(flags, 'workspace')));
  out.result({ members }, () =>
    members.length === 0
      ? ['No members.']
      : members.map(
          (member) =>
            `${member.userId}  ${member.email}  ${member.role}  (${member.name}, since ${member.joinedAt})`,
        ),
  );
}
