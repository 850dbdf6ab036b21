import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';

/** After a company changes: its lists and reads, and the contacts, which carry its name. */
export function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.companies.pathFilter()),
      queryClient.invalidateQueries(trpc.contacts.pathFilter()),
    ]);
}
