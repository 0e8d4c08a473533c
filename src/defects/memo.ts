// Memo fields (description, comments) arrive as untrusted HTML. Wherever the extension shows one
// outside the editor's sanitized page — tree tooltips, hovers, change notices, attachment
// descriptions, the chat tools — it is turned into text here, one way: script, style and similar
// elements go with their content, comments and every other tag go, block ends become line breaks,
// list items bullets, entities are decoded after the tags are gone (so `&lt;script&gt;` is the text
// "<script>", never a tag). The Markdown form escapes what is left so that nothing from the server
// becomes a link, an image or HTML again when it is rendered or echoed by a model.
// The tags are read by htmlparser2's tokenizer, one pass over the memo: any memo the server holds
// (1 MB of unclosed `<a`, `<li`, `<!--` …) costs time in proportion to its length (issue 38;
// regular expressions that looked for a tag's end from every `<` took minutes). What follows (entities,
// lines, Markdown escapes, bold pairs) is a fixed number of passes over the whole text, none run per
// line or per mark and none reading a run of characters more than once.
import { Tokenizer } from 'htmlparser2';
import { escapeHtml } from '../util/html';
import { escapeMarkdownChars } from '../util/markdown';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Elements whose content is not text a reader wrote. The tokenizer reads the first five as raw text. */
const RAW_DROPPED = new Set(['script', 'style', 'title', 'textarea', 'xmp']);
const DROPPED = new Set([...RAW_DROPPED, 'head', 'template', 'iframe', 'noscript', 'object']);
/** Closing tags that end a line. */
const BLOCK_ENDS = new Set(['p', 'div', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol']);
/** The longest name in the sets above ('blockquote'). */
const LONGEST_NAME = 10;
/** Stand-ins for bold and our list bullets, turned into Markdown only after the server's text has been escaped. */
const BOLD = '\u0001';
const BULLET = '\u0002';
const MARKS = /[\u0001\u0002]/g;
/** Two bold marks with only whitespace between. */
const EMPTY_BOLD = new RegExp(`${BOLD}\\s*${BOLD}`, 'g');
/** A bold pair: leading spaces, the text up to its last non-space character, trailing spaces. */
const BOLD_PAIR = new RegExp(`${BOLD}(\\s*)((?:[^${BOLD}]*[^\\s${BOLD}])?)(\\s*)${BOLD}`, 'g');

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

/** Whether a text between tags is whitespace alone (a loop: a memo has as many texts as tags). */
function isLayout(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return true;
}

/** The memo's text before entities are decoded: tags read by the tokenizer, their effect written in. */
function memoRawText(memo: string, form: TextForm): string {
  // The marks stand for our own bold and bullets: the server's text never holds them.
  const html = memo.includes(BOLD) || memo.includes(BULLET) ? memo.replace(MARKS, '') : memo;
  const out: string[] = [];
  // An element dropped with its content ends at its closing tag; one that never closes is not dropped
  // (its text stays, as before), except the raw-text ones, which hold no markup a reader wrote.
  // Only ASCII letters are lowered, so positions in `lower` are positions in `html` (`İ` lowers to
  // two); it is made only for a memo that opens such an element.
  let lower: string | undefined;
  const lastClose = new Map<string, number>();
  const closesLater = (element: string, at: number) => {
    lower ??= html.replace(/[A-Z]+/g, (s) => s.toLowerCase());
    if (!lastClose.has(element)) lastClose.set(element, lower.lastIndexOf(`</${element}`));
    return (lastClose.get(element) ?? -1) > at;
  };
  let dropping: string | undefined;
  let opening = '';
  let openedAt = 0;
  // Longer names are of no element read here: not even copied (a memo may open a million tags).
  const name = (start: number, end: number) => (end - start > LONGEST_NAME ? '' : html.slice(start, end).toLowerCase());
  const itemStart = `\n${form.bullet}`;
  const opened = () => {
    if (DROPPED.has(opening)) {
      if (RAW_DROPPED.has(opening) || closesLater(opening, openedAt)) dropping = opening;
    } else if (opening === 'br') out.push('\n');
    else if (opening === 'li') out.push(itemStart);
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
        out.push(isLayout(text) ? ' ' : text);
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

/**
 * The memo's text: entities decoded, each line trimmed, runs of blank lines collapsed to one; form
 * decides bullets and bold. Each step is one pass over the whole text, never one per line: a memo
 * may hold a million lines, bold marks or entities, and the work stays in proportion to its length.
 */
function memoText(html: string, form: TextForm): string {
  return (
    memoRawText(html, form)
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => decodeEntity(e) ?? m)
      // Only what changes is matched: a single space stays as it is.
      .replace(/[ \t\u00a0]{2,}|[\t\u00a0]/g, ' ')
      .replace(/\r\n?/g, '\n')
      // Whitespace at the ends of lines: at their starts, then at their ends. A match of the second
      // starts only where a run of whitespace starts, so a long run is read once, never once from
      // each of its characters.
      .replace(/\n[^\S\n]+/g, '\n')
      .replace(/(?<![^\S\n])[^\S\n]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** A memo as plain text. */
export function memoToText(html: string | null | undefined): string {
  return html ? memoText(html, { bullet: '• ', bold: false }) : '';
}

/** A memo as Markdown that renders the server's words literally, with our own bold headers and bullets. */
export function memoToMarkdown(html: string | null | undefined): string {
  if (!html) return '';
  return balanceBold(markdownLineStarts(escapeMarkdownChars(memoText(html, { bullet: `${BULLET} `, bold: true }))));
}

/**
 * What would start a heading, quote, rule or list at a line's start (after our own bullet) is
 * escaped; our bullets become `-` (an empty list item stays a literal `\-`, never a heading's rule).
 */
function markdownLineStarts(text: string): string {
  return text
    .replace(new RegExp(`^(${BULLET} )?([#+=>-])`, 'gm'), '$1\\$2')
    .replace(new RegExp(`^(${BULLET} )?(\\d+)([.)])`, 'gm'), '$1$2\\$3')
    .replace(new RegExp(`^${BULLET}$`, 'gm'), '\\-')
    .replace(new RegExp(BULLET, 'g'), '-');
}

/**
 * `**` pairs only around text: an empty pair goes (with the whitespace between its marks), an
 * unclosed last mark goes, and each pair left becomes `**` around its text, the whitespace at its
 * ends kept outside. Three passes, none calling back per mark; the pair's text is matched greedily
 * up to its last non-space character, so a long run of spaces is read once (a lazy match followed
 * by `\s*` read the rest of the run from each of its characters: a bold word with 40,000 wide
 * spaces took 2 s, 1 MB of them minutes).
 */
function balanceBold(text: string): string {
  let out = text.replace(EMPTY_BOLD, '');
  let marks = 0;
  for (let at = out.indexOf(BOLD); at >= 0; at = out.indexOf(BOLD, at + 1)) marks++;
  if (marks % 2 === 1) {
    const last = out.lastIndexOf(BOLD);
    out = out.slice(0, last) + out.slice(last + 1);
  }
  return out.replace(BOLD_PAIR, '$1**$2**$3');
}

/** Plain text a user or model wrote, as a memo body ALM stores (escaped, line breaks kept). */
export function textToMemoHtml(text: string): string {
  const escaped = escapeHtml(text);
  return `<html><body>\n${escaped
    .split(/\r?\n/)
    .map((l) => `<div>${l || '<br />'}</div>`)
    .join('\n')}\n</body></html>`;
}
