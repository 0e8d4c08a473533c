// Renders filters in the bracket syntax the seed shows for the 12.5x `/api` tree (and that Core
// `/rest` also uses): `{field[cond];field[cond]}`, `;` = AND across fields, `or`/`and`/`not`
// inside the brackets. Values are quoted whenever they are not plain words, so `;`, `[`, `]`,
// quotes, `or`, spaces and the like stay data.
import type { ClauseValue, Condition, Filter } from '../clauses';
import { normalizeCondition } from '../clauses';

/** Plain words that need no quotes: letters, digits and a few punctuation marks. */
const BARE = /^[A-Za-z0-9_.@/:+-]+$/;
/** Words the grammar reads as keywords or literals when unquoted. */
const RESERVED = new Set(['and', 'or', 'not', 'null', 'true', 'false']);

/**
 * Quotes a value for use inside brackets. Picks the quote character the value does not
 * contain; backslashes and, when both quote characters occur, the quote are backslash-escaped.
 * `*` is not escaped: the caller decides whether it may act as a wildcard (see renderCondition).
 */
export function quoteValue(value: ClauseValue, always = false): string {
  if (typeof value === 'number') return String(value);
  if (!always && BARE.test(value) && !RESERVED.has(value.toLowerCase())) return value;
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const escaped = value.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/**
 * One condition inside the brackets. Equality with a value holding a literal `*` is written as
 * `>=v and <=v`: the server treats `*` as a wildcard only for `=`/`<>`, so this stays exact.
 */
function renderCondition(c: Condition): string {
  switch (c.op) {
    case '=':
      return hasStar(c.value) ? exact(c.value) : quoteValue(c.value);
    case '<>':
      return hasStar(c.value) ? `not (${exact(c.value)})` : `<>${quoteValue(c.value)}`;
    case 'in':
      return c.values.map((v) => (hasStar(v) ? `(${exact(v)})` : quoteValue(v))).join(' or ');
    case 'like':
      // Always quoted, the form ALM's own examples use for wildcards (`'X-*'`).
      return quoteValue(c.pattern, true);
    case 'not':
      return `not (${renderCondition(c.condition)})`;
    case 'and':
    case 'or':
      return c.conditions.map((x) => `(${renderCondition(x)})`).join(` ${c.op} `);
    default:
      return `${c.op}${quoteValue(c.value)}`;
  }
}

function hasStar(v: ClauseValue): v is string {
  return typeof v === 'string' && v.includes('*');
}

function exact(v: string): string {
  const q = quoteValue(v);
  return `>=${q} and <=${q}`;
}

/** The whole `query` parameter, or undefined for an empty filter. */
export function renderFilter(filter: Filter): string | undefined {
  const parts = Object.entries(filter).map(([field, entry]) => `${field}[${renderCondition(normalizeCondition(field, entry))}]`);
  return parts.length ? `{${parts.join(';')}}` : undefined;
}
