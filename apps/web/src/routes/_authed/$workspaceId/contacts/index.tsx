import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ContactsScreen } from '../../../../components/contacts/contacts-screen.tsx';
import { contactsListInput } from '../../../../components/contacts/list-input.ts';
import { ContactsSkeleton } from '../../../../components/contacts/skeleton.tsx';
import { searchTextParam } from '../../../../components/ui/search-params.ts';

/**
 * The list's state lives in the URL, and so does the open sheet: `q`, `page`, `companyId` (one
 * company's contacts; a new contact starts on it), `?sheet=new` to create, `?contact=<id>` to
 * read or edit one. Back closes it.
 */
const contactsSearch = z.object({
  q: searchTextParam,
  page: z.number().int().min(1).optional().catch(undefined),
  sheet: z.literal('new').optional().catch(undefined),
  contact: z.string().min(1).max(64).optional().catch(undefined),
  companyId: z.string().min(1).max(64).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/$workspaceId/contacts/')({
  validateSearch: contactsSearch,
  loaderDeps: ({ search }) => ({
    q: search.q,
    page: search.page,
    companyId: search.companyId,
    contact: search.contact,
  }),
  loader: ({ context, deps }) => {
    // The company the list is filtered by, for its name; the filter says if it is gone.
    if (deps.companyId !== undefined)
      void context.queryClient.prefetchQuery(context.trpc.companies.get.queryOptions({ id: deps.companyId }));
    // A deep link to a contact starts loading it with the list; the sheet says if it is gone.
    if (deps.contact !== undefined)
      void context.queryClient.prefetchQuery(context.trpc.contacts.get.queryOptions({ id: deps.contact }));
    return context.queryClient.ensureQueryData(
      context.trpc.contacts.list.queryOptions(contactsListInput(deps.q, deps.page ?? 1, deps.companyId)),
    );
  },
  pendingComponent: ContactsSkeleton,
  pendingMs: 200,
  component: ContactsRoute,
});

function ContactsRoute() {
  const search = Route.useSearch();
  return (
    <ContactsScreen
      q={search.q}
      page={search.page ?? 1}
      companyId={search.companyId}
      sheet={
        search.sheet === 'new'
          ? { mode: 'new', companyId: search.companyId }
          : search.contact === undefined
            ? undefined
            : { mode: 'edit', id: search.contact }
      }
    />
  );
}
