// Memo fields (description, comments) arrive as untrusted HTML. Wherever the extension shows one
// outside the editor's sanitized page — tree tooltips, hovers, change notices, attachment
// descriptions, the chat tools — it is turned into text here, one way: script, style and similar
// elements go with their content, comments and every other tag go, block ends become line breaks,
// list items bullets, entities are decoded after the tags are gone (so `&lt;script&gt;` is the text
// "<script>", never a tag). The Markdown form escapes what is left so that nothing from the server
// becomes a link, an image or HTML again when it is rendered or echoed by a model.
// The tags are read by htmlparser2's tokenizer, one pass over the memo: any memo the server holds
// (1 MB of unclosed `<a`, `<li`, `<!--` …) costs time in proportion to its length (issue 38;
// regular expressions that looked for a tag's end from every `<` took minutes).
import { Tokenizer } from 'htmlparser2';
import { escapeHtml } from '../util/html';
import { escapeMarkdown } from '../util/markdown';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Elements whose content is not text a reader wrote. The tokenizer reads the first five as raw text. */
const RAW_DROPPED = new Set(['script', 'style', 'title', 'textarea', 'xmp']);
const DROPPED = new Set([...RAW_DROPPED, 'head', 'template', 'iframe', 'noscript', 'object']);
/** Closing tags that end a line. */
const BLOCK_ENDS = new Set(['p', 'div', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol']);
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

/** The memo's text before entities are decoded: tags read by the tokenizer, their effect written in. */
function memoRawText(html: string, form: TextForm): string {
  const out: string[] = [];
  // Only ASCII letters are lowered, so positions in `lower` are positions in `html` (`İ` lowers to two).
  const lower = html.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  // An element dropped with its content ends at its closing tag; one that never closes is not dropped
  // (its text stays, as before), except the raw-text ones, which hold no markup a reader wrote.
  const lastClose = new Map<string, number>();
  const closesLater = (element: string, at: number) => {
    if (!lastClose.has(element)) lastClose.set(element, lower.lastIndexOf(`</${element}`));
    return (lastClose.get(element) ?? -1) > at;
  };
  let dropping: string | undefined;
  let opening = '';
  let openedAt = 0;
  const name = (start: number, end: number) => lower.slice(start, end);
  const opened = () => {
    if (DROPPED.has(opening)) {
      if (RAW_DROPPED.has(opening) || closesLater(opening, openedAt)) dropping = opening;
    } else if (opening === 'br') out.push('\n');
    else if (opening === 'li') out.push(`\n${form.bullet}`);
    else if (form.bold && (opening === 'b' || opening === 'strong')) out.push(BOLD);
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      ontext: (start, end) => {
        if (dropping) return;
        const text = html.slice(start, end);
        // Whitespace alone between tags is layout of the HTML, not a line the writer typed: a live
        // 26.1 puts every block and list item on a line of its own, which read as blank lines.
        if (/^[ \t\r\n]*$/.test(text)) out.push(' ');
        else out.push(text.includes(BOLD) ? text.replaceAll(BOLD, '') : text);
      },
      onopentagname: (start, end) => {
        opening = dropping ? '' : name(start, end);
        openedAt = start;
      },
      onopentagend: () => opening && opened(),
      // `<script/>` opens a script as in a browser; `<br/>` and `<li/>` count as `<br>` and `<li>`.
      onselfclosingtag: () => opening && opened(),
      onclosetag: (start, end) => {
        const closing = name(start, end);
        if (dropping) {
          if (closing === dropping) dropping = undefined;
        } else if (BLOCK_ENDS.has(closing)) out.push('\n');
        else if (form.bold && (closing === 'b' || closing === 'strong')) out.push(BOLD);
      },
      // Attributes, comments, CDATA, declarations and processing instructions are not text.
      onattribdata: () => undefined,
      onattribentity: () => undefined,
      onattribend: () => undefined,
      onattribname: () => undefined,
      oncdata: () => undefined,
      oncomment: () => undefined,
      ondeclaration: () => undefined,
      onprocessinginstruction: () => undefined,
      ontextentity: () => undefined,
      onend: () => undefined,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return out.join('');
}

/** The memo's text, line by line (trimmed, runs of blank lines collapsed to one); form decides bullets and bold. */
function memoLines(html: string, form: TextForm): string[] {
  const text = memoRawText(html, form)
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => decodeEntity(e) ?? m)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\r\n?/g, '\n');
  const lines: string[] = [];
  let blank = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) blank = lines.length > 0;
    else {
      if (blank) lines.push('');
      lines.push(line);
      blank = false;
    }
  }
  return lines.length > 0 ? lines : [''];
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
