import { useQueryClient } from '@tanstack/react-query';
import { meQuery } from '../../session/me.ts';
import { trpc } from '../../trpc/client.ts';

/** After a change to the workspace: its settings, and the name the switcher shows. */
export function useInvalidateWorkspace() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.workspace.pathFilter()),
      queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
    ]);
}

/** After a change to the members or the invitations: both lists. */
export function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.members.pathFilter()),
      queryClient.invalidateQueries(trpc.invitations.pathFilter()),
    ]);
}

/** After a key is made or revoked. */
export function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.keys.pathFilter());
}

/** After a change to an endpoint, or a redelivery: the endpoints, their deliveries and the events. */
export function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.webhookEndpoints.pathFilter()),
      queryClient.invalidateQueries(trpc.events.pathFilter()),
    ]);
}
