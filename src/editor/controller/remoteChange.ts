// What a reload after someone else's save tells the user: who changed the defect and which fields.
// ALM defects carry no "modified by" field: the author is the user of the newest audit entry where
// the server keeps an audit trail (Core), else the author of a comment the change added (its header
// names the user). No `vscode` import.
import * as l10n from '@vscode/l10n';
import { memoToText } from '../../defects/memo';
import type { WireValue } from '../../shared/editorProtocol';
import { SERVER_OWNED_FIELDS, sameValue } from '../../api/index';
import type { EditorProjectApi } from './types';

function changedFields(before: Record<string, WireValue>, after: Record<string, WireValue>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((f) => !SERVER_OWNED_FIELDS.has(f) && !sameValue(before[f], after[f])).sort();
}

/** The author of the newest comment block ("<b>bob, 2026-01-02:</b> …") in a comments memo. */
export function lastCommentAuthor(memo: WireValue | undefined): string | undefined {
  if (typeof memo !== 'string') return undefined;
  const headers = [...memo.matchAll(/<b>([^<,]{1,80}),\s*\d{4}-\d{2}-\d{2}:?\s*<\/b>/gi)];
  const last = headers.at(-1)?.[1];
  return last ? memoToText(last) : undefined;
}

/** The user of the defect's newest audit entry; undefined where the server keeps none or it cannot be read (the notice must not fail for it). */
export async function lastAuditUser(api: EditorProjectApi, id: number): Promise<string | undefined> {
  const history = await api.history?.of(id).catch(() => undefined);
  return history?.available ? history.entries[0]?.user || undefined : undefined;
}

/**
 * "Reloaded: bob changed this defect on the server (Status, Comments) at 2026-01-02 10:00:00." The
 * author is `auditUser` when known, else the author of a comment the change added; otherwise "someone".
 * The signed-in user (`me`) reads "you": a change made in a grid's Update Selected, another window or
 * the ALM site, not by someone else.
 */
export function describeRemoteChange(before: Record<string, WireValue>, after: Record<string, WireValue>, label: (field: string) => string, auditUser?: string, me?: string): string {
  const fields = changedFields(before, after);
  const commented = fields.includes('dev-comments') ? lastCommentAuthor(after['dev-comments']) : undefined;
  const author = auditUser ?? commented;
  const what = fields.length ? ` (${fields.map(label).join(', ')})` : '';
  const when = typeof after['last-modified'] === 'string' && after['last-modified'] ? ` ${l10n.t('at {0}', after['last-modified'])}` : '';
  if (author !== undefined && author === me) return l10n.t('Reloaded: you changed this defect elsewhere{0}{1}.', what, when);
  return l10n.t('Reloaded: {0} changed this defect on the server{1}{2}.', author ?? l10n.t('someone'), what, when);
}
