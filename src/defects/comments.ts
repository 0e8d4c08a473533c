// "Add comment" on dev-comments, the way ALM's own comment button writes it: a block headed by
// the user and the date in bold, separated from the previous comment by a line of underscores,
// inside the memo's `<html><body>` document.
import * as l10n from '@vscode/l10n';
import type { CallOptions, DefectsApi, LockHandle } from '../api/index';
import { escapeHtml } from '../util/html';
import { memoToText } from './memo';

const BLOCK_OPEN = '<div align="left"><font face="Arial"><span style="font-size:8pt">';
const BLOCK_CLOSE = '</span></font></div>';
const COMMENT_SEPARATOR = `${BLOCK_OPEN}________________________________________${BLOCK_CLOSE}`;

/** `YYYY-MM-DD` in local time, as ALM shows dates. */
export function localDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The inside of `<body>` of a memo document, or the whole text when it is a fragment. Searched in
 * one pass each way: a pattern tried from every `<body` or `<html` of a memo that never closes
 * them took seconds for 64 KB (issue 38).
 */
function memoBody(html: string | null | undefined): string {
  if (!html) return '';
  const open = html.search(/<body/i);
  const start = open < 0 ? -1 : html.indexOf('>', open) + 1;
  let end = -1;
  for (const m of html.matchAll(/<\/body>/gi)) end = m.index;
  if (start > 0 && end >= start) return html.slice(start, end).trim();
  // Every `<html` before the last `>` has its end; after it there is no tag to remove.
  const tagsEnd = html.lastIndexOf('>') + 1;
  return (html.slice(0, tagsEnd).replace(/<\/?html[^>]*>/gi, '') + html.slice(tagsEnd)).trim();
}

/** A memo document around a body fragment, as ALM stores memos. */
function memoDocument(body: string): string {
  return `<html><body>\n${body}\n</body></html>`;
}

/** The comment block for `text` (plain text: markup is escaped, line breaks kept). */
function commentBlock(user: string, date: Date, text: string): string {
  const body = escapeHtml(text.trim()).replace(/\r?\n/g, '<br />');
  return `${BLOCK_OPEN}<b>${escapeHtml(user)}, ${localDate(date)}:</b> ${body}${BLOCK_CLOSE}`;
}

/** `existing` with a new comment appended at the end (newest last, as ALM does). */
export function appendComment(existing: string | null | undefined, user: string, date: Date, text: string): string {
  if (!text.trim()) throw new RangeError(l10n.t('A comment needs some text.'));
  const body = memoBody(existing);
  const block = commentBlock(user, date, text);
  return memoDocument(body ? `${body}\n${COMMENT_SEPARATOR}\n${block}` : block);
}

/** A new defect's report as a comment on another defect: its summary, then its description as plain text. */
export function commentFromReport(summary: unknown, description: unknown): string {
  const name = typeof summary === 'string' ? summary.trim() : '';
  const text = typeof description === 'string' ? memoToText(description).trim() : '';
  return [name, text].filter(Boolean).join('\n\n');
}

/**
 * Appends a comment to defect `id` on the comments as the server has them now (read here, so
 * nothing written meanwhile is overwritten). The caller holds the defect's lock, as every write does.
 */
export async function appendCommentOnServer(
  defects: Pick<DefectsApi, 'get' | 'update'>,
  id: number,
  comment: { user: string; date: Date; text: string },
  o: CallOptions & { lock?: LockHandle } = {},
): Promise<void> {
  const latest = await defects.get(id, { fields: ['dev-comments'], signal: o.signal });
  const current = latest['dev-comments'];
  const html = appendComment(typeof current === 'string' ? current : null, comment.user, comment.date, comment.text);
  await defects.update(id, { 'dev-comments': html }, { signal: o.signal, ...(o.lock ? { lock: o.lock } : {}) });
}
