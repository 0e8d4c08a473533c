// A character cursor over a filter string with the one piece of lexing both syntaxes share:
// quoted strings, where a backslash escapes the quote or another backslash.
import { FilterSyntaxError } from './ast.js';

export class Cursor {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  skipSpace(): void {
    while (!this.done && /\s/.test(this.peek())) this.pos++;
  }

  /** Consumes `s` if the text continues with it. */
  eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  expect(s: string, what: string): void {
    this.skipSpace();
    if (!this.eat(s)) throw this.error(`expected ${what}`);
  }

  /** Reads a '…' or "…" string starting at the cursor (which must be on the quote). */
  readQuoted(): string {
    const quote = this.peek();
    const start = this.pos;
    this.pos++;
    let out = '';
    while (!this.done) {
      const c = this.peek();
      if (c === '\\') {
        const next = this.peek(1);
        // Only the quote and the backslash itself are escapable; other backslashes stay literal
        // so values such as Windows paths survive.
        if (next === quote || next === '\\') {
          out += next;
          this.pos += 2;
        } else {
          out += c;
          this.pos++;
        }
        continue;
      }
      this.pos++;
      if (c === quote) return out;
      out += c;
    }
    this.pos = start;
    throw this.error('unterminated quoted value');
  }

  error(message: string): FilterSyntaxError {
    const at = this.done ? 'at the end' : `at position ${this.pos + 1}`;
    return new FilterSyntaxError(`${message} ${at} of '${this.text}'`);
  }
}

/** One token of lookahead over a cursor; each syntax brings its own `read` (its token set differs). */
export class TokenStream<T> {
  private lookahead: T | null = null;
  constructor(
    readonly cur: Cursor,
    private readonly read: (cur: Cursor) => T,
  ) {}

  peek(): T {
    this.lookahead ??= this.read(this.cur);
    return this.lookahead;
  }

  next(): T {
    const tok = this.peek();
    this.lookahead = null;
    return tok;
  }
}
