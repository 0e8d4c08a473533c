// Parser for the bracket form `{field[cond];field[cond]}` (the Core tree's syntax, which the
// api tree's attachments page also shows). `;` joins fields with AND; inside the brackets a
// condition combines values with `and`, `or`, `not` and parentheses, each value optionally
// preceded by `< > <= >= <> =`. Values may be quoted ('…' or "…") and then hold any character.
import { FilterSyntaxError, MAX_NESTING } from './ast.js';
import type { CompareOp, FilterNode, Literal } from './ast.js';
import { Cursor, TokenStream } from './cursor.js';

type Token = { t: 'open' | 'close' | 'end' } | { t: 'op'; op: CompareOp } | { t: 'kw'; kw: 'and' | 'or' | 'not' } | { t: 'value'; value: string; quoted: boolean };

const OPS: CompareOp[] = ['<=', '>=', '<>', '<', '>', '='];
/** Characters that end an unquoted value inside brackets. */
const BARE_STOP = /[\s()[\]<>=]/;

export function parseBracketFilter(text: string): FilterNode | null {
  const cur = new Cursor(text);
  cur.expect('{', "'{'");
  const clauses: FilterNode[] = [];
  for (;;) {
    cur.skipSpace();
    if (cur.eat('}')) break;
    if (cur.eat(';')) continue; // tolerate empty clauses such as a trailing ';'
    if (cur.done) throw cur.error("expected '}'");
    clauses.push(parseClause(cur));
    cur.skipSpace();
    if (!cur.eat(';')) {
      cur.expect('}', "';' or '}'");
      break;
    }
  }
  cur.skipSpace();
  if (!cur.done) throw cur.error("unexpected text after '}'");
  if (clauses.length === 0) return null;
  return clauses.length === 1 ? clauses[0] : { type: 'and', items: clauses };
}

function parseClause(cur: Cursor): FilterNode {
  const start = cur.pos;
  while (!cur.done && !'[;{}'.includes(cur.peek())) cur.pos++;
  const field = cur.text.slice(start, cur.pos).trim();
  if (!field) throw cur.error('expected a field name');
  cur.expect('[', `'[' after field '${field}'`);
  const lexer: ConditionLexer = new TokenStream(cur, readConditionToken);
  const node = parseOr(lexer, field, 0);
  if (lexer.peek().t !== 'end') throw cur.error(`unexpected token in the condition of '${field}'`);
  cur.expect(']', `']' closing the condition of '${field}'`);
  return node;
}

/** Lazily tokenises one bracketed condition; `end` is reported at the closing `]`. */
type ConditionLexer = TokenStream<Token>;

function readConditionToken(cur: Cursor): Token {
  cur.skipSpace();
  if (cur.done) throw cur.error("expected ']'");
  const c = cur.peek();
  if (c === ']') return { t: 'end' };
  if (c === '(') return (cur.pos++, { t: 'open' });
  if (c === ')') return (cur.pos++, { t: 'close' });
  if (c === "'" || c === '"') return { t: 'value', value: cur.readQuoted(), quoted: true };
  for (const op of OPS) if (cur.eat(op)) return { t: 'op', op };
  if (c === '[') throw cur.error("unexpected '[' (quote values that contain brackets)");
  const start = cur.pos;
  while (!cur.done && !BARE_STOP.test(cur.peek())) cur.pos++;
  const word = cur.text.slice(start, cur.pos);
  const lower = word.toLowerCase();
  if (lower === 'and' || lower === 'or' || lower === 'not') return { t: 'kw', kw: lower };
  return { t: 'value', value: word, quoted: false };
}

function parseOr(lx: ConditionLexer, field: string, depth: number): FilterNode {
  const items = [parseAnd(lx, field, depth)];
  while (isKw(lx.peek(), 'or')) {
    lx.next();
    items.push(parseAnd(lx, field, depth));
  }
  return items.length === 1 ? items[0] : { type: 'or', items };
}

function parseAnd(lx: ConditionLexer, field: string, depth: number): FilterNode {
  const items = [parseNot(lx, field, depth)];
  while (isKw(lx.peek(), 'and')) {
    lx.next();
    items.push(parseNot(lx, field, depth));
  }
  return items.length === 1 ? items[0] : { type: 'and', items };
}

function parseNot(lx: ConditionLexer, field: string, depth: number): FilterNode {
  if (depth > MAX_NESTING) throw new FilterSyntaxError(`the condition of '${field}' is nested too deeply`);
  if (isKw(lx.peek(), 'not')) {
    lx.next();
    return { type: 'not', item: parseNot(lx, field, depth + 1) };
  }
  if (lx.peek().t === 'open') {
    lx.next();
    const inner = parseOr(lx, field, depth + 1);
    if (lx.next().t !== 'close') throw lx.cur.error("expected ')'");
    return inner;
  }
  let op: CompareOp = '=';
  const maybeOp = lx.peek();
  if (maybeOp.t === 'op') {
    op = maybeOp.op;
    lx.next();
  }
  return { type: 'compare', field, op, value: readValue(lx, field) };
}

/** A quoted value, or one or more unquoted words joined by single spaces. */
function readValue(lx: ConditionLexer, field: string): Literal {
  const first = lx.peek();
  if (first.t !== 'value') throw lx.cur.error(`expected a value in the condition of '${field}'`);
  lx.next();
  if (first.quoted) return { kind: 'text', value: first.value, quoted: true };
  const words = [first.value];
  for (let tok = lx.peek(); tok.t === 'value' && !tok.quoted; tok = lx.peek()) {
    words.push(tok.value);
    lx.next();
  }
  const value = words.join(' ');
  if (value.toLowerCase() === 'null') return { kind: 'null' };
  return { kind: 'text', value, quoted: false };
}

function isKw(tok: Token, kw: 'and' | 'or' | 'not'): boolean {
  return tok.t === 'kw' && tok.kw === kw;
}
