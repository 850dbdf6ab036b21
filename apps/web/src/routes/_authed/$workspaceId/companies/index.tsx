import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CompaniesScreen } from '../../../../components/companies/companies-screen.tsx';
import { companiesListInput } from '../../../../components/companies/list-input.ts';
import { CompaniesSkeleton } from '../../../../components/companies/skeleton.tsx';
import { searchTextParam } from '../../../../components/ui/search-params.ts';

/**
 * The list's state lives in the URL, and so does the open sheet: `?sheet=new` to create,
 * `?company=<id>` to read or edit one. A link opens it, Back closes it.
 */
const companiesSearch = z.object({
  q: searchTextParam,
  page: z.number().int().min(1).optional().catch(undefined),
  sheet: z.literal('new').optional().catch(undefined),
  company: z.string().min(1).max(64).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/$workspaceId/companies/')({
  validateSearch: companiesSearch,
  loaderDeps: ({ search }) => ({ q: search.q, page: search.page, company: search.company }),
  loader: ({ context, deps }) => {
    // A deep link to a company starts loading it with the list; the sheet says if it is gone.
    if (deps.company !== undefined)
      void context.queryClient.prefetchQuery(context.trpc.companies.get.queryOptions({ id: deps.company }));
    return context.queryClient.ensureQueryData(
      context.trpc.companies.list.queryOptions(companiesListInput(deps.q, deps.page ?? 1)),
    );
  },
  pendingComponent: CompaniesSkeleton,
  pendingMs: 200,
  component: CompaniesRoute,
});

function CompaniesRoute() {
  const search = Route.useSearch();
  return (
    <CompaniesScreen
      q={search.q}
      page={search.page ?? 1}
      sheet={
        search.sheet === 'new'
          ? { mode: 'new' }
          : search.company === undefined
            ? undefined
            : { mode: 'edit', id: search.company }
      }
    />
  );
}
