export const contactsPageSize = 20;

/** What `contacts.list` is asked for one page of the list: the route's loader and the screen share it. */
export function contactsListInput(q: string | undefined, page: number) {
  return {
    ...(q === undefined ? {} : { q }),
    limit: contactsPageSize,
    offset: (page - 1) * contactsPageSize,
  };
}
