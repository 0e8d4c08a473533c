// Memo fields (description, comments) arrive as untrusted HTML. The chat tools hand the model
// plain text with a little Markdown of their own (bold comment headers, list bullets): every tag
// and attribute from the server is dropped (script, style and their content with them), entities
// are decoded, and what is left is escaped so that nothing from the server can become a link, an
// image or HTML again when the model echoes it into its answer. No `vscode` import.
import { escapeMarkdown } from '../../tree/model/tooltip';
import { escapeHtml } from '../../util/html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** A tag with its attributes; quoted attribute values may hold `>`. */
const TAG = /<\/?[A-Za-z!?](?:[^>"']|"[^"]*"|'[^']*')*>/g;
/** Stand-ins for bold, replaced by `**` only after the server's text has been escaped. */
const BOLD = '\u0001';

export function memoToMarkdown(html: string | null | undefined): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style|head|title|template|textarea|xmp|iframe|noscript|object)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\u0001/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|blockquote|pre|table|ul|ol)\s*>/gi, '\n')
    .replace(/<li\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, '\n- ')
    .replace(/<\/?(b|strong)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, BOLD)
    .replace(TAG, '')
    // A `<` that starts no tag (e.g. "a < b") stays as text; decoding comes after tag removal, so
    // `&lt;script&gt;` reads as the text "<script>" and never as a tag.
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => decodeEntity(e) ?? m);
  const lines = text
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .map(escapeLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return balanceBold(lines);
}

/** One line of server text as Markdown that renders literally; our own list bullet is kept. */
function escapeLine(line: string): string {
  const bullet = line.startsWith('- ') ? '- ' : '';
  const rest = bullet ? line.slice(2) : line;
  const escaped = escapeMarkdown(rest)
    .replace(/^([#+=>-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
  return bullet + escaped;
}

/** `**` pairs only around text: an empty pair is dropped, and an unclosed one loses its marker. */
function balanceBold(text: string): string {
  let out = text.replace(new RegExp(`${BOLD}\\s*${BOLD}`, 'g'), '');
  const count = out.split(BOLD).length - 1;
  if (count % 2 === 1) {
    const last = out.lastIndexOf(BOLD);
    out = out.slice(0, last) + out.slice(last + 1);
  }
  return out.replace(new RegExp(`${BOLD}(\\s*)([^${BOLD}]*?)(\\s*)${BOLD}`, 'g'), (_m, a: string, inner: string, b: string) => `${a}**${inner}**${b}`);
}

function decodeEntity(e: string): string | undefined {
  if (e[0] === '#') {
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    // Control characters (our bold marker among them) never come from an entity.
    return Number.isFinite(code) && code >= 0x20 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return ENTITIES[e.toLowerCase()];
}

/** Plain text a user or model wrote, as a memo body ALM stores (escaped, line breaks kept). */
export function textToMemoHtml(text: string): string {
  const escaped = escapeHtml(text);
  return `<html><body>\n${escaped
    .split(/\r?\n/)
    .map((l) => `<div>${l || '<br />'}</div>`)
    .join('\n')}\n</body></html>`;
}
