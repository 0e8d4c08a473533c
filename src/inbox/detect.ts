// What changed for me in one defect the change query returned: assigned to me by someone else, a
// defect I own, reported or flagged changed by someone else (what changed, from the audits; a new
// comment by content, since ALM writes no audit row for a memo, reference §16.9/§17), or a new
// comment section naming me. Pure: the poller fetches, this decides. No `vscode` import.
import type { AuditEntry, Defect } from '../api/index';
import { commentSections } from './commentSections';
import type { CommentSection } from './commentSections';

export type FindingKind = 'assigned' | 'changed' | 'mention';

export interface Finding {
  kind: FindingKind;
  id: number;
  /** The defect's summary. */
  name: string;
  /** What changed (`Status: New → Open`), or the words that name me; empty for an assignment or a new comment. */
  detail: string;
  /** A `changed` finding that is a new comment (found by content, no audit row). */
  comment?: boolean;
  /** Who did it, when known. */
  by?: string;
}

/** What is remembered of a defect between checks: enough to tell what a later answer added. */
export interface Snapshot {
  owner: string;
  /** Digests of its comment sections. */
  comments: string[];
  /** Its `last-modified` then: an answer with the same value holds nothing new (the query includes the start second). */
  lastModified?: string;
  /** The newest audit row id seen: the change query includes the second it starts from, rows are told once. */
  lastAudit?: number;
}

export interface Me {
  username: string;
  fullName?: string;
}

export interface DefectChange {
  defect: Defect;
  /** The defect as last seen; undefined the first time it shows in an answer. */
  previous?: Snapshot;
  /** Its audit rows newer than `since` (undefined when they were not read: a defect that is not mine). */
  audits?: readonly AuditEntry[];
  /** The server time of the previous check (`yyyy-MM-dd HH:mm:ss`). */
  since: string;
  /** The user flagged it for follow-up: its changes matter as if it were theirs. */
  flagged: boolean;
}

/** The fields the change query asks for. */
export const CHANGE_FIELDS: readonly string[] = ['name', 'owner', 'detected-by', 'creation-time', 'last-modified', 'dev-comments'];

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function same(a: string, b: string | undefined): boolean {
  return b !== undefined && b !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function isMe(user: string, me: Me): boolean {
  return same(user, me.username) || same(user, me.fullName);
}

/** Whether `body` names the user: the login or the full name, as whole words, optionally after `@`. */
export function mentions(body: string, me: Me): boolean {
  const names = [me.username, me.fullName].filter((n): n is string => !!n && n.trim().length > 1);
  return names.some((n) => new RegExp(`(^|[^\\p{L}\\p{N}_])@?${n.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}_])`, 'iu').test(body));
}

/** The body of a section without its header (which names its author, not a mention). */
function bodyOf(s: CommentSection): string {
  return s.author ? s.text.replace(/^[^:]*:/, '') : s.text;
}

/** Sections added since the previous check: unknown ones when the defect was seen before, else those dated on or after `since`. */
function newSections(sections: CommentSection[], c: DefectChange): CommentSection[] {
  if (c.previous) return sections.filter((s) => !c.previous?.comments.includes(s.digest));
  const day = c.since.slice(0, 10);
  return sections.filter((s) => /^\d{4}-\d{2}-\d{2}$/.test(s.date) && s.date >= day);
}

function describeAudits(entries: readonly AuditEntry[]): string {
  const parts = entries.flatMap((a) => a.changes.map((ch) => `${ch.label}: ${ch.oldValue || '—'} → ${ch.newValue || '—'}`));
  return [...new Set(parts)].join('; ');
}

export function detectChanges(c: DefectChange, me: Me): { findings: Finding[]; snapshot: Snapshot } {
  const d = c.defect;
  const owner = text(d.owner);
  const reporter = text(d['detected-by']);
  const sections = commentSections(text(d['dev-comments']));
  const seen = c.previous?.lastAudit;
  const newest = Math.max(seen ?? 0, ...(c.audits ?? []).map((a) => a.id));
  const snapshot: Snapshot = { owner, comments: sections.map((s) => s.digest), lastModified: text(d['last-modified']), ...(newest > 0 ? { lastAudit: newest } : {}) };
  const base = { id: d.id, name: text(d.name) };
  const findings: Finding[] = [];
  const audits = (c.audits ?? []).filter((a) => a.time >= c.since && (seen === undefined || a.id > seen));
  const byOthers = audits.filter((a) => !isMe(a.user, me) && a.changes.length > 0);
  const addedByOthers = newSections(sections, c).filter((s) => !isMe(s.author, me));

  const toMe = (a: AuditEntry) => a.changes.some((ch) => ch.field === 'owner' && isMe(ch.newValue, me));
  const mine = isMe(owner, me);
  const selfAssigned = audits.some((a) => isMe(a.user, me) && toMe(a));
  const assignAudit = byOthers.find(toMe);
  const createdForMe = !c.previous && audits.length === 0 && text(d['creation-time']).slice(0, 10) >= c.since.slice(0, 10) && !isMe(reporter, me);
  if (mine && !selfAssigned && (assignAudit || (c.previous && !isMe(c.previous.owner, me)) || createdForMe)) {
    findings.push({ ...base, kind: 'assigned', detail: '', by: assignAudit?.user ?? (createdForMe ? reporter : undefined) });
  }

  const relevant = mine || isMe(reporter, me) || c.flagged;
  const otherChanges = byOthers.map((a) => ({ ...a, changes: a.changes.filter((ch) => !(ch.field === 'owner' && isMe(ch.newValue, me))) })).filter((a) => a.changes.length > 0);
  if (relevant && otherChanges.length > 0) {
    findings.push({ ...base, kind: 'changed', detail: describeAudits(otherChanges), by: otherChanges[0].user });
  } else if (relevant && addedByOthers.length > 0) {
    const last = addedByOthers[addedByOthers.length - 1];
    findings.push({ ...base, kind: 'changed', detail: '', comment: true, by: last.author || undefined });
  }

  const mention = addedByOthers.find((s) => mentions(bodyOf(s), me));
  if (mention) findings.push({ ...base, kind: 'mention', detail: bodyOf(mention).trim().slice(0, 200), by: mention.author || undefined });
  return { findings, snapshot };
}
