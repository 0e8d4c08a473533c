// What a reload after someone else's save tells the user: who changed the defect and which fields.
// ALM defects carry no "modified by" field: the author is the user of the newest audit entry where
// the server keeps an audit trail (Core), else the author of a comment the change added (its header
// names the user). No `vscode` import.
import * as l10n from '@vscode/l10n';
import { memoToText } from '../../defects/memo';
import type { WireValue } from '../../shared/editorProtocol';
import { SERVER_OWNED_FIELDS, sameValue } from '../../api/index';
import type { DefectEventSource } from '../../defects/events';
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
async function lastAuditUser(api: EditorProjectApi, id: number): Promise<string | undefined> {
  const history = await api.history?.of(id).catch(() => undefined);
  return history?.available ? history.entries[0]?.user || undefined : undefined;
}

/** Who changed the defect, as far as the editor knows. */
export interface ChangeAuthor {
  /** The user of the newest audit entry, when the server keeps one. */
  auditUser?: string;
  /** The signed-in user. */
  me?: string;
  /** The feature of this window that wrote it (defects/events.ts), when one did. */
  writer?: DefectEventSource;
}

/**
 * "Reloaded: bob changed this defect on the server (Status, Comments) at 2026-01-02 10:00:00." The
 * author is `auditUser` when known, else the author of a comment the change added; otherwise "someone".
 * A change a feature of this window made is named by it ("Reloaded after Start Work (…)"); the
 * signed-in user (`me`) otherwise reads "you": a change made in another window or on the ALM site.
 */
export function describeRemoteChange(before: Record<string, WireValue>, after: Record<string, WireValue>, label: (field: string) => string, by: ChangeAuthor = {}): string {
  const fields = changedFields(before, after);
  const commented = fields.includes('dev-comments') ? lastCommentAuthor(after['dev-comments']) : undefined;
  const author = by.auditUser ?? commented;
  const what = fields.length ? ` (${fields.map(label).join(', ')})` : '';
  const when = typeof after['last-modified'] === 'string' && after['last-modified'] ? ` ${l10n.t('at {0}', after['last-modified'])}` : '';
  if (by.writer === 'work') return l10n.t('Reloaded after Start Work{0}{1}.', what, when);
  if (by.writer === 'bulk') return l10n.t('Reloaded after Update Selected{0}{1}.', what, when);
  if (by.writer === 'chat') return l10n.t('Reloaded after a change from Chat{0}{1}.', what, when);
  if (author !== undefined && author === by.me) return l10n.t('Reloaded: you changed this defect elsewhere{0}{1}.', what, when);
  return l10n.t('Reloaded: {0} changed this defect on the server{1}{2}.', author ?? l10n.t('someone'), what, when);
}

/**
 * The notice of a reload that found the defect changed: a write of this window's own features is
 * named by the feature (`by.writer`), any other by the server's audit trail.
 */
export async function remoteChangeNotice(
  api: EditorProjectApi,
  id: number,
  before: Record<string, WireValue>,
  after: Record<string, WireValue>,
  label: (field: string) => string,
  by: Omit<ChangeAuthor, 'auditUser'>,
): Promise<string> {
  const auditUser = by.writer ? undefined : await lastAuditUser(api, id);
  return describeRemoteChange(before, after, label, { ...by, auditUser });
}
