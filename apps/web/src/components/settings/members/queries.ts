import { trpc } from '../../../trpc/client.ts';

export const membersQuery = () => trpc.members.list.queryOptions({});
export const invitationsQuery = () => trpc.invitations.list.queryOptions({});
