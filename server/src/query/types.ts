// Types shared by the query compiler's parsers and SQL generator.

/** One queryable field of a collection, mapped to its SQL column. */
export interface QueryField {
  name: string;
  /** Quoted SQL column, e.g. `"ver-stamp"`. */
  column: string;
  /**
   * How values compare: numbers for integer/float and for `reference` (a resource stored by its
   * integer id), ISO strings for date/datetime, text otherwise. `multi` columns hold a JSON array
   * of strings; a condition matches when any element matches.
   */
  kind: 'integer' | 'float' | 'string' | 'date' | 'datetime' | 'memo' | 'reference' | 'multi';
}

/** The fields a collection exposes to `query`, `order-by` and `fields`. */
export interface QueryCatalog {
  field(name: string): QueryField | undefined;
  /** Fields returned whatever `fields` asks for, e.g. `type` and `id`. */
  always: string[];
}

export interface PagingLimits {
  defaultLimit: number;
  maxLimit: number;
}

export type SqlParam = string | number | null;

export interface CompiledCollectionRequest {
  /** Field names to return (always-returned fields first), or null for all fields. */
  fields: string[] | null;
  /** SQL boolean expression (without `WHERE`); `1=1` when there is no filter. */
  where: string;
  params: SqlParam[];
  /** SQL ordering (without `ORDER BY`), always ending with the id tie-breaker. */
  orderBy: string;
  limit: number;
  offset: number;
}
