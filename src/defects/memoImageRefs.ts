// The `<img>` elements of a memo that show a defect's attachment by its file name — the forms ALM
// writes: the absolute `…/defects/7/attachments/shot.png` (our paste, ALM 26.1), a relative
// `attachments/shot.png`, or the bare `shot.png`. Renaming the attachment breaks such an image
// (issue 37.6), so the rename finds them here and rewrites only their `src` values, leaving every
// other byte of the memo as the server stored it. A source naming the attachment by id survives
// a rename and is left alone. Tags are read with a tokenizer that honours quoted attribute values
// (a `>` inside one does not end the tag). No `vscode` import.
import { escapeHtml } from '../util/html';

/** An `<img …>` start tag; quoted attribute values may hold `>`. */
const IMG_TAG = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
/** The `src` attribute inside a tag: its lead-in and its double-quoted, single-quoted or bare value. */
const SRC_ATTR = /(\ssrc\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? all;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Where in `src` (a decoded attribute value) the attachment's name segment is, when it names `name`. */
function nameSegment(src: string, name: string): { before: string; after: string } | undefined {
  const trimmed = src.trim();
  if (/^(data|blob|javascript|file|vbscript|cid):/i.test(trimmed)) return undefined;
  const cut = trimmed.search(/[?#]/);
  const path = cut < 0 ? trimmed : trimmed.slice(0, cut);
  const rest = cut < 0 ? '' : trimmed.slice(cut);
  const segments = path.split('/');
  const at = segments.lastIndexOf('attachments');
  // With an `attachments` segment the name follows it; otherwise only a bare name (no path) counts.
  const index = at >= 0 ? at + 1 : segments.length === 1 ? 0 : -1;
  if (index < 0 || index !== segments.length - 1 || decodeSegment(segments[index]) !== name) return undefined;
  return { before: segments.slice(0, index).concat('').join('/'), after: rest };
}

/** How many images of the memo show attachment `name` by its file name. */
export function countImagesNaming(html: string, name: string): number {
  let n = 0;
  for (const tag of html.match(IMG_TAG) ?? []) {
    const m = SRC_ATTR.exec(tag);
    if (m && nameSegment(decodeAttribute(m[2] ?? m[3] ?? m[4] ?? ''), name)) n++;
  }
  return n;
}

/** The memo with every image that shows attachment `from` by name pointing at `to` instead; `count` says how many. */
export function renameImageSources(html: string, from: string, to: string): { html: string; count: number } {
  let count = 0;
  const out = html.replace(IMG_TAG, (tag) =>
    tag.replace(SRC_ATTR, (attr, lead: string, dq?: string, sq?: string, bare?: string) => {
      const place = nameSegment(decodeAttribute(dq ?? sq ?? bare ?? ''), from);
      if (!place) return attr;
      count++;
      const value = escapeHtml(`${place.before}${encodeURIComponent(to)}${place.after}`);
      return sq !== undefined ? `${lead}'${value}'` : `${lead}"${value}"`;
    }),
  );
  return { html: out, count };
}
