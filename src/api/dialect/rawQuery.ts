// Parses the `query` clause an expert types (`{status[Open or New];severity[>='3-High']}`) into the
// client's Filter, so even raw text is re-rendered by the client's safe quoting and a typo is
// reported before anything is sent. Accepts the bracket syntax ALM users know: `;` between
// fields, `or` / `and` / `not` and parentheses inside brackets, comparison operators, quoted or
// bare values, `*` as a wildcard and `null` for "no value". Braces around the whole are optional.
import type { Condition, Filter } from '../clauses';

export class RawQueryError extends Error {
  override readonly name = 'RawQueryError';
}

const FIELD = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const OPS = ['<>', '<=', '>=', '=', '<', '>'] as const;
type Op = (typeof OPS)[number];
type Token = { kind: 'word'; text: string } | { kind: 'quoted'; text: string } | { kind: 'op'; text: Op } | { kind: 'paren'; text: '(' | ')' };

export function parseRawQuery(text: string): Filter {
  let body = text.trim();
  if (body.startsWith('{')) {
    if (!body.endsWith('}')) throw new RawQueryError('The query starts with "{" but does not end with "}".');
    body = body.slice(1, -1).trim();
  }
  const filter: Filter = {};
  if (!body) return filter;
  for (const clause of splitClauses(body)) {
    const open = clause.indexOf('[');
    if (open < 0 || !clause.endsWith(']')) throw new RawQueryError(`"${clause}" is not of the form field[condition].`);
    const field = clause.slice(0, open).trim();
    if (!FIELD.test(field)) throw new RawQueryError(`"${field}" is not a field name.`);
    const condition = parseCondition(clause.slice(open + 1, -1), field);
    const previous = filter[field] as Condition | undefined;
    filter[field] = previous ? { op: 'and', conditions: [previous, condition] } : condition;
  }
  return filter;
}

/** Splits on `;` outside brackets and quotes. */
function splitClauses(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (ch === ';' && depth === 0) {
      out.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (quote) throw new RawQueryError('A quoted value is not closed.');
  if (depth !== 0) throw new RawQueryError('The brackets "[" and "]" do not match.');
  out.push(body.slice(start).trim());
  return out.filter((c) => c !== '');
}

function tokenize(text: string, field: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: 'paren', text: ch });
      i++;
    } else if (ch === "'" || ch === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== ch; j++) value += text[j] === '\\' ? (text[++j] ?? '') : text[j];
      if (j >= text.length) throw new RawQueryError(`A quoted value in ${field}[…] is not closed.`);
      tokens.push({ kind: 'quoted', text: value });
      i = j + 1;
    } else {
      const op = OPS.find((o) => text.startsWith(o, i));
      if (op) {
        tokens.push({ kind: 'op', text: op });
        i += op.length;
        continue;
      }
      let j = i;
      while (j < text.length && !/[\s()'"<>=]/.test(text[j])) j++;
      tokens.push({ kind: 'word', text: text.slice(i, j) });
      i = j;
    }
  }
  return tokens;
}

/**
 * One field's condition in the bracket syntax's value grammar, which is also ALM's UI filter syntax
 * (`Not (Closed Or Rejected)`, `"5-Urgent" Or "4-Very High"`, `>= 2025-01-01`, `*crash*`): the
 * favorites' filter XML holds conditions in that syntax (reference §17). Throws RawQueryError.
 */
export function parseFieldCondition(text: string, field: string): Condition {
  return parseCondition(text, field);
}

function parseCondition(text: string, field: string): Condition {
  const tokens = tokenize(text, field);
  if (tokens.length === 0) throw new RawQueryError(`${field}[] has no condition.`);
  let pos = 0;
  const peekKeyword = (k: string): boolean => tokens[pos]?.kind === 'word' && tokens[pos].text.toLowerCase() === k;

  const orExpr = (): Condition => {
    const parts = [andExpr()];
    while (peekKeyword('or')) {
      pos++;
      parts.push(andExpr());
    }
    return parts.length === 1 ? parts[0] : { op: 'or', conditions: parts };
  };
  const andExpr = (): Condition => {
    const parts = [unary()];
    while (peekKeyword('and')) {
      pos++;
      parts.push(unary());
    }
    return parts.length === 1 ? parts[0] : { op: 'and', conditions: parts };
  };
  const unary = (): Condition => {
    if (peekKeyword('not')) {
      pos++;
      return { op: 'not', condition: unary() };
    }
    const t = tokens[pos];
    if (t?.kind === 'paren' && t.text === '(') {
      pos++;
      const inner = orExpr();
      if (tokens[pos]?.kind !== 'paren' || tokens[pos].text !== ')') throw new RawQueryError(`A "(" in ${field}[…] is not closed.`);
      pos++;
      return inner;
    }
    return comparison();
  };
  const comparison = (): Condition => {
    let op: Op = '=';
    if (tokens[pos]?.kind === 'op') op = tokens[pos++].text as Op;
    const t = tokens[pos];
    if (!t || t.kind === 'op' || t.kind === 'paren') throw new RawQueryError(`A value is missing in ${field}[…].`);
    if (t.kind === 'quoted') {
      pos++;
      return condition(op, t.text, true);
    }
    // Bare values may hold spaces (`4-Very High`): take words up to a keyword, operator or parenthesis.
    const words: string[] = [];
    while (tokens[pos]?.kind === 'word' && !['or', 'and', 'not'].includes(tokens[pos].text.toLowerCase())) words.push(tokens[pos++].text);
    if (words.length === 0) throw new RawQueryError(`A value is missing in ${field}[…].`);
    const value = words.join(' ');
    if (value.toLowerCase() === 'null') {
      if (op !== '=' && op !== '<>') throw new RawQueryError(`"${op} null" is not a valid condition on ${field}.`);
      // An empty value stands for "no value" on ALM servers.
      return { op, value: '' };
    }
    return condition(op, value, false);
  };

  const result = orExpr();
  if (pos < tokens.length) throw new RawQueryError(`Unexpected "${tokens[pos].text}" in ${field}[…].`);
  return result;
}

function condition(op: Op, value: string, quoted: boolean): Condition {
  if (value.includes('*') && (op === '=' || op === '<>')) {
    const like: Condition = { op: 'like', pattern: value };
    return op === '=' ? like : { op: 'not', condition: like };
  }
  // Unquoted numbers compare as numbers (ids, fix times).
  if (!quoted && /^-?\d+(\.\d+)?$/.test(value)) return { op, value: Number(value) };
  return { op, value };
}
