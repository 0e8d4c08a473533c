// Public surface of the query compiler: turns a collection GET's `query`, `order-by`, `fields`
// and paging parameters into a parameterised SQL fragment over a resource's columns. Both of
// ALM's filter syntaxes are accepted: the bracket form `{field[cond];…}` and the api tree's
// expression form `field = 'v' ; field > 3`.
import { AlmError } from '../errors.js';
import { FilterSyntaxError, QueryCostError, UnknownFieldError } from './ast.js';
import type { FilterNode } from './ast.js';
import { parseBracketFilter } from './bracketParser.js';
import { parseExpressionFilter } from './expressionParser.js';
import { compileFields } from './fieldsParam.js';
import { compileFilter } from './filterSql.js';
import { compileOrderBy } from './orderBy.js';
import { ParameterError, compilePaging } from './paging.js';
import type { CompiledCollectionRequest, PagingLimits, QueryCatalog, SqlParam } from './types.js';

export type { CompiledCollectionRequest, PagingLimits, QueryCatalog, QueryField, SqlParam } from './types.js';
export type { FilterNode } from './ast.js';
export { FilterSyntaxError } from './ast.js';

/**
 * Compiles a collection request. Throws AlmError: 404 qccore.invalid-filter-expression for a
 * filter that does not parse, 400 qccore.unknown-field-name for an unknown field in `query`,
 * `order-by` or `fields`, 400 qccore.general-error for bad paging or order-by syntax.
 */
export function compileCollectionRequest(params: Record<string, string | undefined>, catalog: QueryCatalog, limits: PagingLimits): CompiledCollectionRequest {
  try {
    const filter = parseFilter(params.query);
    const where = filter ? compileFilter(filter, catalog) : { sql: '1=1', params: [] };
    const { limit, offset } = queryValue(
      () => compilePaging(params, limits),
      (err) => (err.message.startsWith('page-size') ? PAGE_SIZE_TITLE : undefined),
    );
    const orderBy = queryValue(
      () => compileOrderBy(params['order-by'], catalog),
      () => `Invalid "order-by" parameter value, not existing field: "${(params['order-by'] ?? '').trim().replace(/^\{|\}$/g, '')}"`,
    );
    return {
      fields: compileFields(params.fields, catalog),
      where: where.sql,
      params: where.params,
      orderBy,
      limit,
      offset,
    };
  } catch (err) {
    throw toAlmError(err);
  }
}

/**
 * The SQL of one page: filter, order and paging run over ids first ("deferred join"), so SQLite
 * sorts narrow rows and reads the full rows (memos included) of the page only.
 *
 * LIMIT and OFFSET are written into the SQL, not bound: SQLite plans with the value of a bound
 * LIMIT and so re-prepares the statement every time it is bound again.
 */
export function pageQuery(table: string, columns: string, c: CompiledCollectionRequest): { sql: string; params: SqlParam[] } {
  if (!Number.isSafeInteger(c.limit) || c.limit < 0 || !Number.isSafeInteger(c.offset) || c.offset < 0) {
    throw new Error(`Page limit ${c.limit} and offset ${c.offset} must be non-negative integers.`);
  }
  return {
    sql: `SELECT ${columns} FROM ${table} WHERE "id" IN (SELECT "id" FROM ${table} WHERE ${c.where} ORDER BY ${c.orderBy} LIMIT ${c.limit} OFFSET ${c.offset}) ORDER BY ${c.orderBy}`,
    params: [...c.params],
  };
}

/**
 * The request with an empty page (LIMIT 0, which SQLite answers without searching) when `total`
 * says no match lies at its offset. Grouping asks a count-only page for every value, "no value"
 * included; where nothing matches, `ORDER BY id LIMIT 1` walks every index entry looking for one.
 */
export function pageWithinTotal(c: CompiledCollectionRequest, total: number): CompiledCollectionRequest {
  return total <= c.offset && c.limit > 0 ? { ...c, limit: 0 } : c;
}

/** The SQL counting every match of the filter (`total-count`). */
export function countQuery(table: string, c: CompiledCollectionRequest): { sql: string; params: SqlParam[] } {
  return { sql: `SELECT COUNT(*) FROM ${table} WHERE ${c.where}`, params: [...c.params] };
}

/** Parses either filter syntax; null when there is no filter. Throws FilterSyntaxError. */
export function parseFilter(raw: string | undefined): FilterNode | null {
  let text = (raw ?? '').trim();
  // The api tree's examples wrap the whole expression in double quotes.
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1).trim();
  if (text === '') return null;
  return text.startsWith('{') ? parseBracketFilter(text) : parseExpressionFilter(text);
}

/** 26.1's Title for a bad page-size (reference §16.3). */
const PAGE_SIZE_TITLE = 'Page size values can be either integer between 0 and 2,000 or "max"';

/** Runs one parameter's compiler; its error also carries the Title a 26.1 gives it as `invalid-query-value`. */
function queryValue<T>(compile: () => T, liveTitle: (err: Error) => string | undefined): T {
  try {
    return compile();
  } catch (err) {
    const mapped = toAlmError(err);
    const title = err instanceof Error ? liveTitle(err) : undefined;
    if (mapped instanceof AlmError && title !== undefined) mapped.withVariants({ invalidQueryValue: title });
    throw mapped;
  }
}

/** Maps the compiler's own errors to ALM error bodies; anything else passes through. */
export function toAlmError(err: unknown): unknown {
  if (err instanceof FilterSyntaxError) {
    return new AlmError(404, 'qccore.invalid-filter-expression', `Invalid filter expression: ${err.message}.`);
  }
  if (err instanceof UnknownFieldError) {
    return new AlmError(400, 'qccore.unknown-field-name', err.message, [{ Name: 'field', Value: err.field }]);
  }
  if (err instanceof QueryCostError) return new AlmError(400, 'qccore.general-error', err.message, [{ Name: err.limitName, Value: err.limit }]);
  if (err instanceof ParameterError) return new AlmError(400, 'qccore.general-error', `Invalid parameter: ${err.message}.`);
  return err;
}
