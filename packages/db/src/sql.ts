/** A statement, or a part of one, and its `?` parameters in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}
