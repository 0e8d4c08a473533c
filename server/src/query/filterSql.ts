// Compiles a parsed filter into a SQL boolean expression. Every value travels as a bound
// parameter; only catalog-provided column names are written into the SQL text.
import { FilterSyntaxError, MAX_CONDITIONS, MAX_MEMO_CONDITIONS, MAX_WILDCARD_CONDITIONS, QueryCostError, UnknownFieldError } from './ast.js';
import type { CompareOp, FilterNode, Literal } from './ast.js';
import type { QueryCatalog, QueryField, SqlParam } from './types.js';

const INTEGER = /^[+-]?\d{1,15}$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

export function compileFilter(node: FilterNode, catalog: QueryCatalog): SqlFragment {
  const params: SqlParam[] = [];
  let conditions = 0;
  let memoConditions = 0;
  let wildcardConditions = 0;

  const walk = (n: FilterNode): string => {
    switch (n.type) {
      case 'and':
        return balanced(n.items.map(walk), 'AND');
      case 'or':
        return balanced(n.items.map(walk), 'OR');
      case 'not':
        return `(NOT ${walk(n.item)})`;
      case 'compare': {
        if (++conditions > MAX_CONDITIONS) {
          throw new FilterSyntaxError(`the filter has more than ${MAX_CONDITIONS} conditions`);
        }
        const field = catalog.field(n.field);
        if (!field) throw new UnknownFieldError(n.field);
        if (field.kind === 'memo' && ++memoConditions > MAX_MEMO_CONDITIONS) {
          throw new QueryCostError(
            `The query has more than ${MAX_MEMO_CONDITIONS} conditions on memo fields (such as '${field.name}'); each reads the long text of every defect. Use at most ${MAX_MEMO_CONDITIONS}, or filter on other fields first.`,
            'maximum-memo-conditions',
            MAX_MEMO_CONDITIONS,
          );
        }
        if (isWildcard(n.op, n.value) && ++wildcardConditions > MAX_WILDCARD_CONDITIONS) {
          throw new QueryCostError(
            `The query has more than ${MAX_WILDCARD_CONDITIONS} conditions with wildcards (such as '${field.name}'); each reads that field of every defect. Use at most ${MAX_WILDCARD_CONDITIONS}, or filter on other fields first.`,
            'maximum-wildcard-conditions',
            MAX_WILDCARD_CONDITIONS,
          );
        }
        return compare(field, n.op, n.value, params);
      }
    }
  };

  return { sql: walk(node), params };
}

/**
 * `(a OP b) OP (c OP d)`: SQLite parses a flat `a OP b OP c …` into a tree as deep as the list is
 * long, and refuses an expression deeper than 1000, so a filter of 499 conditions (within the
 * documented 500) failed; a balanced tree is log2(n) deep.
 */
function balanced(parts: readonly string[], op: 'AND' | 'OR'): string {
  if (parts.length <= 2) return `(${parts.join(` ${op} `)})`;
  const mid = Math.ceil(parts.length / 2);
  return `(${balanced(parts.slice(0, mid), op)} ${op} ${balanced(parts.slice(mid), op)})`;
}

/** `*` is a wildcard for equality tests only (see compare). */
function isWildcard(op: CompareOp, value: Literal): boolean {
  return value.kind === 'text' && value.value.includes('*') && (op === '=' || op === '<>');
}

function compare(field: QueryField, op: CompareOp, value: Literal, params: SqlParam[]): string {
  const col = field.column;
  if (value.kind === 'null') {
    if (op === '=') return `${col} IS NULL`;
    if (op === '<>') return `${col} IS NOT NULL`;
    throw new FilterSyntaxError(`'${op} null' is not a valid condition on '${field.name}'`);
  }
  const text = literalText(field, value);
  if (field.kind === 'multi') return multiCompare(col, op, text, params);
  // `*` is a wildcard for equality tests; with ordering operators it is an ordinary character.
  if (isWildcard(op, value)) {
    params.push(likePattern(text));
    return `${op === '<>' ? 'NOT ' : ''}(${col} LIKE ? ESCAPE '\\')`;
  }
  // An empty quoted value stands for "no value": ALM stores empty fields as null.
  if (text === '' && (op === '=' || op === '<>')) {
    return op === '=' ? `(${col} IS NULL OR ${col} = '')` : `(${col} IS NOT NULL AND ${col} <> '')`;
  }
  params.push(typedValue(field, text));
  return `${col} ${op} ?`;
}

/** A multi-valued field matches when any of its values does. */
function multiCompare(col: string, op: CompareOp, text: string, params: SqlParam[]): string {
  let test: string;
  if (text.includes('*') && (op === '=' || op === '<>')) {
    params.push(likePattern(text));
    test = `v.value LIKE ? ESCAPE '\\'`;
  } else {
    params.push(text);
    test = `v.value ${op === '<>' ? '=' : op} ?`;
  }
  // json_valid guards against a malformed stored value turning a read into a SQL error.
  const any = `EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(${col}) THEN ${col} ELSE '[]' END) AS v WHERE ${test})`;
  return op === '<>' ? `(NOT ${any})` : any;
}

function literalText(field: QueryField, value: Exclude<Literal, { kind: 'null' }>): string {
  if (value.kind === 'text') return value.value;
  // ALM's boolean-like fields are Y/N lists; numeric fields take 1/0.
  if (field.kind === 'integer' || field.kind === 'float' || field.kind === 'reference') return value.value ? '1' : '0';
  return value.value ? 'Y' : 'N';
}

function typedValue(field: QueryField, text: string): SqlParam {
  switch (field.kind) {
    case 'integer':
    case 'reference':
      // Resource references (releases, cycles, environments) are stored by integer id.
      if (!INTEGER.test(text)) throw badValue(field, text, field.kind === 'integer' ? 'an integer' : 'an integer id');
      return Number(text);
    case 'float':
      if (!FLOAT.test(text)) throw badValue(field, text, 'a number');
      return Number(text);
    case 'date':
      if (!DATE.test(text)) throw badValue(field, text, 'a date (YYYY-MM-DD)');
      return text;
    case 'datetime':
      if (!DATETIME.test(text)) throw badValue(field, text, 'a date-time (YYYY-MM-DD hh:mm:ss)');
      return text;
    default:
      return text;
  }
}

function badValue(field: QueryField, text: string, expected: string): FilterSyntaxError {
  return new FilterSyntaxError(`'${text}' is not ${expected} for field '${field.name}'`);
}

/** ALM `*` becomes SQL `%`; SQL's own wildcards and the escape character are escaped. */
function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}
