// Memo fields (description, comments) arrive as untrusted HTML. Wherever the extension shows one
// outside the editor's sanitized page — tree tooltips, hovers, change notices, attachment
// descriptions, the chat tools — it is turned into text here, one way: script, style and similar
// elements go with their content, comments and every other tag go, block ends become line breaks,
// list items bullets, entities are decoded after the tags are gone (so `&lt;script&gt;` is the text
// "<script>", never a tag). The Markdown form escapes what is left so that nothing from the server
// becomes a link, an image or HTML again when it is rendered or echoed by a model.
import { escapeHtml } from '../util/html';
import { escapeMarkdown } from '../util/markdown';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Elements whose content is not text a reader wrote. */
const DROPPED_WITH_CONTENT = /<(script|style|head|title|template|textarea|xmp|iframe|noscript|object)\b[\s\S]*?<\/\1\s*>/gi;
/** A tag with its attributes; quoted attribute values may hold `>`. */
const TAG = /<\/?[A-Za-z!?](?:[^>"']|"[^"]*"|'[^']*')*>/g;
/** Stand-in for bold, turned into `**` only after the server's text has been escaped. */
const BOLD = '\u0001';

interface TextForm {
  /** What starts a list item's line. */
  bullet: string;
  /** Whether `<b>`/`<strong>` are kept as BOLD marks. */
  bold: boolean;
}

function decodeEntity(e: string): string | undefined {
  if (e[0] === '#') {
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    // Control characters (the bold mark among them) never come from an entity; tab and line breaks may.
    const allowed = code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0x10ffff);
    return Number.isFinite(code) && allowed ? String.fromCodePoint(code) : undefined;
  }
  return ENTITIES[e.toLowerCase()];
}

/** The memo's text, line by line (trimmed, runs of blank lines collapsed); form decides bullets and bold. */
function memoLines(html: string, form: TextForm): string[] {
  let text = html
    .replace(DROPPED_WITH_CONTENT, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\u0001/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|blockquote|pre|table|ul|ol)\s*>/gi, '\n')
    .replace(/<li\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, `\n${form.bullet}`);
  if (form.bold) text = text.replace(/<\/?(b|strong)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, BOLD);
  text = text.replace(TAG, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => decodeEntity(e) ?? m);
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .split('\n');
}

/** A memo as plain text. */
export function memoToText(html: string | null | undefined): string {
  return html ? memoLines(html, { bullet: '• ', bold: false }).join('\n') : '';
}

/** A memo as Markdown that renders the server's words literally, with our own bold headers and bullets. */
export function memoToMarkdown(html: string | null | undefined): string {
  if (!html) return '';
  return balanceBold(memoLines(html, { bullet: '- ', bold: true }).map(escapeLine).join('\n'));
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

/** `**` pairs only around text: an empty pair is dropped, and an unclosed one loses its mark. */
function balanceBold(text: string): string {
  let out = text.replace(new RegExp(`${BOLD}\\s*${BOLD}`, 'g'), '');
  const count = out.split(BOLD).length - 1;
  if (count % 2 === 1) {
    const last = out.lastIndexOf(BOLD);
    out = out.slice(0, last) + out.slice(last + 1);
  }
  return out.replace(new RegExp(`${BOLD}(\\s*)([^${BOLD}]*?)(\\s*)${BOLD}`, 'g'), (_m, a: string, inner: string, b: string) => `${a}**${inner}**${b}`);
}

/** Plain text a user or model wrote, as a memo body ALM stores (escaped, line breaks kept). */
export function textToMemoHtml(text: string): string {
  const escaped = escapeHtml(text);
  return `<html><body>\n${escaped
    .split(/\r?\n/)
    .map((l) => `<div>${l || '<br />'}</div>`)
    .join('\n')}\n</body></html>`;
}
