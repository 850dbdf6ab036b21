export const companiesPageSize = 20;

/** What `companies.list` is asked for one page of the list: the route's loader and the screen share it. */
export function companiesListInput(q: string | undefined, page: number) {
  return {
    ...(q === undefined ? {} : { q }),
    limit: companiesPageSize,
    offset: (page - 1) * companiesPageSize,
  };
}
