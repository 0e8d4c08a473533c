// What a live 26.1 sends back for a memo (reference §16.6, captured): the stored value, sanitized
// and re-written in the server's own layout. Removed: `<script>` elements, event attributes
// (`onerror`…), `javascript:` URLs (the anchor itself is kept) and style `url()`; an `<img>` whose
// `src` is relative (`NAME`, `attachments/NAME`) becomes a bare `<img />`, while `https:`, `http:`,
// `data:` and root-relative sources stay. Layout: `<html><body>`⏎…⏎`</body></html>`, block
// elements on lines of their own, a `<tbody>` inside a table that has none, and void elements as
// `<img … />`, `<br />`. The stored memo is not changed (the docs call it output sanitization).
// One pass of an HTML tokenizer, the output collected in a list and joined once: linear in the
// memo, whatever its shape (issue 38 item 10: rebuilding the memo per `<img>` was quadratic).
import { Parser } from 'htmlparser2';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
const TABLE_SECTIONS = new Set(['thead', 'tbody', 'tfoot']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'xlink:href', 'poster', 'cite']);

/** True for a source a 26.1 keeps: a scheme (`https:`, `data:`), `//host/…` or a root-relative path. */
function keptSource(src: string): boolean {
  const trimmed = src.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('/');
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\u00a0/g, '&nbsp;');
}

/** A style without its `url(…)` declarations; undefined when none is left. */
function styleWithoutUrls(style: string): string | undefined {
  const kept = style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/url\s*\(/i.test(d));
  return kept.length ? kept.join('; ') : undefined;
}

/** The attributes a 26.1 keeps, written out. */
function attributesText(attributes: Record<string, string>): string {
  let out = '';
  for (const [name, raw] of Object.entries(attributes)) {
    if (name.startsWith('on')) continue;
    // Browsers ignore control characters and blanks inside a scheme: `java\tscript:` runs too.
    if (URL_ATTRIBUTES.has(name) && /^javascript:/i.test(raw.replace(/[\u0000-\u0020]/g, ''))) continue;
    const value = name === 'style' ? styleWithoutUrls(raw) : raw;
    if (value !== undefined) out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

class ReadBackWriter {
  private readonly out: string[] = [];
  /** Whitespace-only text waiting to learn whether a block boundary follows (then it is dropped). */
  private pendingSpace = '';
  private atLineStart = true;
  private skipping = 0;
  private pre = 0;
  /** Per open table: whether a section (thead/tbody/tfoot) is open, and whether we opened a tbody. */
  private readonly tables: { section: boolean; added: boolean }[] = [];

  private emit(text: string): void {
    if (text === '') return;
    this.out.push(text);
    this.atLineStart = text.endsWith('\n');
  }

  private flushSpace(): void {
    if (this.pendingSpace && !this.atLineStart) this.emit(this.pendingSpace);
    this.pendingSpace = '';
  }

  private newLine(): void {
    this.pendingSpace = '';
    if (!this.atLineStart) this.emit('\n');
  }

  text(raw: string): void {
    if (this.skipping) return;
    if (this.pre) return this.emit(escapeText(raw));
    let text = raw;
    if (this.atLineStart && !this.pendingSpace) text = text.replace(/^\s+/, '');
    if (text.trim() === '') {
      this.pendingSpace += text;
      return;
    }
    this.flushSpace();
    const trailing = /\s+$/.exec(text)?.[0] ?? '';
    this.emit(escapeText(text.slice(0, text.length - trailing.length)));
    this.pendingSpace = trailing;
  }

  open(name: string, attributes: Record<string, string>): void {
    if (this.skipping || name === 'script' || name === 'head') {
      this.skipping++;
      return;
    }
    if (name === 'html' || name === 'body') return;
    if (name === 'tr') this.openImpliedTbody();
    if (name === 'table') this.tables.push({ section: false, added: false });
    if (TABLE_SECTIONS.has(name) && this.tables.length) this.tables[this.tables.length - 1].section = true;
    if (BLOCK.has(name)) this.newLine();
    else this.flushSpace();
    if (name === 'img' && attributes.src !== undefined && !keptSource(attributes.src)) this.emit('<img />');
    else this.emit(`<${name}${attributesText(attributes)}${VOID.has(name) ? ' />' : '>'}`);
    if (name === 'pre') this.pre++;
    if (VOID.has(name) && BLOCK.has(name)) this.newLine();
  }

  close(name: string): void {
    if (this.skipping) {
      if (name === 'script' || name === 'head') this.skipping--;
      return;
    }
    if (name === 'html' || name === 'body' || VOID.has(name)) return;
    if (name === 'pre') this.pre = Math.max(0, this.pre - 1);
    const table = this.tables[this.tables.length - 1];
    if (name === 'table' && table) {
      this.tables.pop();
      if (table.added) this.closeTag('tbody');
    }
    if (TABLE_SECTIONS.has(name) && table) table.section = false;
    this.closeTag(name);
  }

  private closeTag(name: string): void {
    if (BLOCK.has(name)) {
      this.pendingSpace = '';
      this.emit(`</${name}>`);
      this.newLine();
    } else {
      this.flushSpace();
      this.emit(`</${name}>`);
    }
  }

  /** A `<tr>` straight inside a `<table>` gets the `<tbody>` the server writes around it. */
  private openImpliedTbody(): void {
    const table = this.tables[this.tables.length - 1];
    if (!table || table.section) return;
    this.newLine();
    this.emit('<tbody>');
    table.section = true;
    table.added = true;
  }

  comment(data: string): void {
    if (!this.skipping) {
      this.flushSpace();
      this.emit(`<!--${data}-->`);
    }
  }

  result(): string {
    return `<html><body>\n${this.out.join('').replace(/\n+$/, '')}\n</body></html>`;
  }
}

/** The memo as a 26.1 answers it on read; an empty memo stays empty. */
export function memoReadBack(html: string): string {
  if (html === '') return html;
  const writer = new ReadBackWriter();
  const parser = new Parser(
    {
      ontext: (t) => writer.text(t),
      onopentag: (name, attributes) => writer.open(name, attributes),
      onclosetag: (name) => writer.close(name),
      oncomment: (data) => writer.comment(data),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  return writer.result();
}
