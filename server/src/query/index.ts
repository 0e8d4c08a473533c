// Public surface of the query compiler: turns a collection GET's `query`, `order-by`, `fields`
// and paging parameters into a parameterised SQL fragment over a resource's columns.

/** One queryable field of a collection, mapped to its SQL column. */
export interface QueryField {
  name: string;
  /** Quoted SQL column, e.g. `"ver-stamp"`. */
  column: string;
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

export interface CompiledCollectionRequest {
  /** Field names to return, or null for all fields. */
  fields: string[] | null;
  /** SQL boolean expression (without `WHERE`); `1=1` when there is no filter. */
  where: string;
  params: (string | number | null)[];
  /** SQL ordering (without `ORDER BY`), always ending with the id tie-breaker. */
  orderBy: string;
  limit: number;
  offset: number;
}

/**
 * Compiles a collection request. Throws AlmError: 404 qccore.invalid-filter-expression for a bad
 * filter, 400 qccore.unknown-field-name for an unknown field, 400 for bad paging.
 */
export function compileCollectionRequest(
  params: Record<string, string | undefined>,
  catalog: QueryCatalog,
  limits: PagingLimits,
): CompiledCollectionRequest {
  // Skeleton committed first so routes can be wired; the full compiler follows.
  void params;
  void catalog;
  return { fields: null, where: '1=1', params: [], orderBy: '"id" ASC', limit: limits.defaultLimit, offset: 0 };
}
