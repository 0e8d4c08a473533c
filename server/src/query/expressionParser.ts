// Parser for the api tree's expression syntax (reference §7.2): `field = 'v' ; field > 3`, with
// `;` = and, `||` = or, `!` = not, parentheses, single-quoted strings (`\'` escapes a quote),
// the literals null/true/false, and an optional pair of double quotes around the whole filter.
// `;` binds tighter than `||`, so `a = 1 ; b = 2 || c = 3` means `(a and b) or c`.
import { FilterSyntaxError, MAX_NESTING } from './ast.js';
import type { CompareOp, FilterNode, Literal } from './ast.js';
import { Cursor, TokenStream } from './cursor.js';

type Token = { t: 'open' | 'close' | 'and' | 'or' | 'not' | 'end' } | { t: 'op'; op: CompareOp } | { t: 'string'; value: string } | { t: 'word'; value: string };

/** Longest operators first so `<=` is not read as `<` then `=`. */
const OPS: [string, CompareOp][] = [
  ['<=', '<='],
  ['>=', '>='],
  ['<>', '<>'],
  ['!=', '<>'],
  ['<', '<'],
  ['>', '>'],
  ['=', '='],
];
const WORD_STOP = /[\s();|=<>!'"]/;

export function parseExpressionFilter(text: string): FilterNode | null {
  const lx = new TokenStream(new Cursor(text), readToken);
  if (lx.peek().t === 'end') return null;
  const node = parseOr(lx, 0);
  if (lx.peek().t !== 'end') throw lx.cur.error('unexpected text');
  return node;
}

type Lexer = TokenStream<Token>;

function readToken(cur: Cursor): Token {
  cur.skipSpace();
  if (cur.done) return { t: 'end' };
  const c = cur.peek();
  if (c === '(') return (cur.pos++, { t: 'open' });
  if (c === ')') return (cur.pos++, { t: 'close' });
  if (c === ';') return (cur.pos++, { t: 'and' });
  if (cur.eat('||')) return { t: 'or' };
  for (const [text, op] of OPS) if (cur.eat(text)) return { t: 'op', op };
  if (c === '!') return (cur.pos++, { t: 'not' });
  if (c === "'" || c === '"') return { t: 'string', value: cur.readQuoted() };
  const start = cur.pos;
  while (!cur.done && !WORD_STOP.test(cur.peek())) cur.pos++;
  if (cur.pos === start) throw cur.error(`unexpected '${c}'`);
  return { t: 'word', value: cur.text.slice(start, cur.pos) };
}

function parseOr(lx: Lexer, depth: number): FilterNode {
  const items = [parseAnd(lx, depth)];
  while (lx.peek().t === 'or') {
    lx.next();
    items.push(parseAnd(lx, depth));
  }
  return items.length === 1 ? items[0] : { type: 'or', items };
}

function parseAnd(lx: Lexer, depth: number): FilterNode {
  const items = [parseUnary(lx, depth)];
  while (lx.peek().t === 'and') {
    lx.next();
    // A trailing ';' before the end or a ')' is tolerated.
    const t = lx.peek().t;
    if (t === 'end' || t === 'close') break;
    items.push(parseUnary(lx, depth));
  }
  return items.length === 1 ? items[0] : { type: 'and', items };
}

function parseUnary(lx: Lexer, depth: number): FilterNode {
  if (depth > MAX_NESTING) throw new FilterSyntaxError('the filter is nested too deeply');
  const tok = lx.next();
  if (tok.t === 'not') return { type: 'not', item: parseUnary(lx, depth + 1) };
  if (tok.t === 'open') {
    const inner = parseOr(lx, depth + 1);
    if (lx.next().t !== 'close') throw lx.cur.error("expected ')'");
    return inner;
  }
  if (tok.t !== 'word') throw lx.cur.error('expected a field name');
  const op = lx.next();
  if (op.t !== 'op') throw lx.cur.error(`expected a comparison operator after '${tok.value}'`);
  return { type: 'compare', field: tok.value, op: op.op, value: readLiteral(lx, tok.value) };
}

function readLiteral(lx: Lexer, field: string): Literal {
  const tok = lx.next();
  if (tok.t === 'string') return { kind: 'text', value: tok.value, quoted: true };
  if (tok.t !== 'word') throw lx.cur.error(`expected a value for '${field}'`);
  const lower = tok.value.toLowerCase();
  if (lower === 'null') return { kind: 'null' };
  if (lower === 'true' || lower === 'false') return { kind: 'boolean', value: lower === 'true' };
  return { kind: 'text', value: tok.value, quoted: false };
}
