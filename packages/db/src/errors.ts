/**
 * True when `error` is PostgreSQL's unique violation (SQLSTATE 23505) of the named constraint
 * or unique index. MikroORM's exceptions copy the driver error's `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}
