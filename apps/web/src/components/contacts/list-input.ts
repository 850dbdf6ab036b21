export const contactsPageSize = 20;

/**
 * What `contacts.list` is asked for one page of the list, optionally of one company's contacts:
 * the route's loader and the screen share it.
 */
export function contactsListInput(q: string | undefined, page: number, companyId?: string | undefined) {
  return {
    ...(q === undefined ? {} : { q }),
    ...(companyId === undefined ? {} : { companyId }),
    limit: contactsPageSize,
    offset: (page - 1) * contactsPageSize,
  };
}
