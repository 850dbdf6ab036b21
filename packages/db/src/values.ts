/**
 * Raw queries (em.execute) return timestamps as text with MikroORM's pg settings; entities
 * return Date. One conversion for both.
 */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export function toIso(value: Date | string): string {
  return toDate(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null | undefined): string | null {
  return value == null ? null : toIso(value);
}
