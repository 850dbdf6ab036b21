import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';

/** After a contact changes: the contacts' lists and reads (a company's sheet lists them too). */
export function useInvalidateContacts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.contacts.pathFilter());
}
