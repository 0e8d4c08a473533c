// Dialect-independent descriptions of the `fields`, `order-by` and `query` clauses, plus small
// builders. A dialect renders them to its wire syntax (see dialect/bracketSyntax.ts); callers never
// concatenate clause text themselves, so values with `;`, `[`, `]`, quotes, `or`, `*` or spaces
// cannot change the meaning of a query.
import { ValidationError } from './errors';

export type ClauseValue = string | number;

export type Comparison = '=' | '<>' | '<' | '>' | '<=' | '>=';

/** A condition on one field. */
export type Condition =
  | { op: Comparison; value: ClauseValue }
  /** Any of the values (exact matches). */
  | { op: 'in'; values: ClauseValue[] }
  /** Wildcard match: `*` in `pattern` matches any text; every other character is literal. */
  | { op: 'like'; pattern: string }
  | { op: 'not'; condition: Condition }
  | { op: 'and' | 'or'; conditions: Condition[] };

/**
 * A filter: every entry must hold (AND across fields). A bare value means equality, an array
 * means "any of".
 */
export type Filter = Record<string, Condition | ClauseValue | ClauseValue[]>;

export interface OrderBy {
  field: string;
  direction?: 'asc' | 'desc';
}

/** `'name'`, `'-name'` (descending) or `'+name'`, or the object form. */
export type OrderBySpec = OrderBy | string;

export const eq = (value: ClauseValue): Condition => ({ op: '=', value });
export const ne = (value: ClauseValue): Condition => ({ op: '<>', value });
export const lt = (value: ClauseValue): Condition => ({ op: '<', value });
export const gt = (value: ClauseValue): Condition => ({ op: '>', value });
export const le = (value: ClauseValue): Condition => ({ op: '<=', value });
export const ge = (value: ClauseValue): Condition => ({ op: '>=', value });
export const anyOf = (...values: ClauseValue[]): Condition => ({ op: 'in', values });
export const like = (pattern: string): Condition => ({ op: 'like', pattern });
export const not = (condition: Condition): Condition => ({ op: 'not', condition });
export const allOf = (...conditions: Condition[]): Condition => ({ op: 'and', conditions });
export const either = (...conditions: Condition[]): Condition => ({ op: 'or', conditions });

/** Logical field names: letters, digits, `-`, `_` and `.` (e.g. `entity.id`, `user-01`). */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

export function assertFieldName(name: string, clause: string): void {
  if (!FIELD_NAME.test(name)) {
    throw new ValidationError(`"${name}" is not a valid field name in ${clause}.`, [{ field: name, code: 'invalid-filter', message: `Invalid field name in ${clause}.` }]);
  }
}

export function normalizeOrderBy(specs: readonly OrderBySpec[]): OrderBy[] {
  return specs.map((spec) => {
    if (typeof spec !== 'string') {
      assertFieldName(spec.field, 'order-by');
      return { field: spec.field, direction: spec.direction ?? 'asc' };
    }
    const desc = spec.startsWith('-');
    const field = spec.startsWith('-') || spec.startsWith('+') ? spec.slice(1) : spec;
    assertFieldName(field, 'order-by');
    return { field, direction: desc ? 'desc' : 'asc' };
  });
}

/**
 * The order-by a view pages through by offset: `id` ends it (in the last key's direction; newest first
 * when there is no key) unless a key is `id` already. Without a total order a server may answer ties in
 * any order from one page to the next, so rows would repeat or go missing between pages, and the tree
 * and the grid would list one ALM favorite in two orders (seen on a walkthrough). One rule for both.
 */
export function totalOrder(specs: readonly OrderBySpec[]): OrderBy[] {
  const order = normalizeOrderBy(specs);
  if (!order.some((o) => o.field === 'id')) order.push({ field: 'id', direction: order.at(-1)?.direction ?? 'desc' });
  return order;
}

/** Turns shorthand entries into conditions and rejects empty alternatives (they would select nothing or everything). */
export function normalizeCondition(field: string, entry: Condition | ClauseValue | ClauseValue[]): Condition {
  assertFieldName(field, 'query');
  let condition: Condition;
  if (Array.isArray(entry)) condition = { op: 'in', values: entry };
  else if (typeof entry === 'string' || typeof entry === 'number') condition = { op: '=', value: entry };
  else condition = entry;
  checkCondition(field, condition);
  return condition;
}

function checkCondition(field: string, c: Condition): void {
  const fail = (why: string): never => {
    throw new ValidationError(`The filter on "${field}" is invalid: ${why}.`, [{ field, code: 'invalid-filter', message: why }]);
  };
  switch (c.op) {
    case 'in':
      if (c.values.length === 0) fail('"any of" needs at least one value');
      c.values.forEach((v) => checkValue(v, fail));
      break;
    case 'like':
      checkValue(c.pattern, fail);
      break;
    case 'not':
      checkCondition(field, c.condition);
      break;
    case 'and':
    case 'or':
      if (c.conditions.length === 0) fail(`"${c.op}" needs at least one condition`);
      c.conditions.forEach((x) => checkCondition(field, x));
      break;
    default:
      checkValue(c.value, fail);
  }
}

function checkValue(v: ClauseValue, fail: (why: string) => never): void {
  if (typeof v === 'number' && !Number.isFinite(v)) fail(`${v} is not a finite number`);
  if (typeof v === 'string' && /[\u0000-\u001f]/.test(v)) fail('values cannot contain control characters');
}
