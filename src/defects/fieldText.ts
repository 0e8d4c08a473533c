// The text a field's value reads as outside the editor's own controls: the tree's tooltip, hovers,
// chat answers, the grid and CSV export. Written once, so that every view names a release, a user,
// a list value or a date alike. The editor form shows the same names through its pickers.
import type { FieldMeta, FieldValue, ProjectUser, ReleaseCatalog } from '../api';
import { memoToText } from './memo';

/** What turns ids and login names into names; each part is optional (shown as the raw value then). */
export interface ValueNames {
  /** The project's users by login name, for full names. */
  users?: ReadonlyMap<string, ProjectUser>;
  /** The project's releases and cycles, for reference fields holding their ids. */
  releases?: ReleaseCatalog;
  /** BCP 47 locale for dates; the runtime's default when absent. */
  locale?: string;
}

/** Which catalog a reference field's ids point into, from its metadata or its well-known name. */
export type ReferenceKind = 'release' | 'cycle' | 'user' | undefined;

const RELEASE_FIELDS = new Set(['detected-in-rel', 'target-rel']);
const CYCLE_FIELDS = new Set(['detected-in-rcyc', 'target-rcyc']);
const USER_COLLECTIONS = new Set(['user', 'users']);
const RELEASE_COLLECTIONS = new Set(['release', 'releases']);
const CYCLE_COLLECTIONS = new Set(['release-cycle', 'release-cycles', 'release_cycles']);

/** The users of a project keyed by login name, as `ValueNames.users` wants them. */
export function usersByName(users: readonly ProjectUser[]): ReadonlyMap<string, ProjectUser> {
  return new Map(users.map((u) => [u.name, u]));
}

export function referenceKind(field: string, meta?: FieldMeta): ReferenceKind {
  const source = meta?.dataType.source;
  if (source?.kind === 'resource') {
    if (USER_COLLECTIONS.has(source.collection)) return 'user';
    if (RELEASE_COLLECTIONS.has(source.collection)) return 'release';
    if (CYCLE_COLLECTIONS.has(source.collection)) return 'cycle';
  }
  if (RELEASE_FIELDS.has(field)) return 'release';
  if (CYCLE_FIELDS.has(field)) return 'cycle';
  if (field === 'owner' || field === 'detected-by') return 'user';
  return undefined;
}

/** "Release 2 (#1002)" for a release or cycle id; the id alone when the catalog does not know it. */
function releaseText(kind: 'release' | 'cycle', id: number, catalog: ReleaseCatalog | undefined): string {
  const items = kind === 'release' ? catalog?.releases : catalog?.cycles;
  const found = items?.find((r) => r.id === id);
  return found ? found.name : `#${id}`;
}

/** A user's full name with the login name, or the login name alone. */
function userText(login: string, users: ReadonlyMap<string, ProjectUser> | undefined): string {
  const full = users?.get(login)?.fullName;
  return full && full !== login ? `${full} (${login})` : login;
}

/**
 * The value as one line of plain text: '' when empty; list values and strings as they are; users with
 * their full names; release and cycle ids by name; dates in the locale; memo fields as plain text.
 */
export function fieldText(field: string, value: FieldValue | undefined, names: ValueNames = {}, meta?: FieldMeta): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => fieldText(field, v, names, meta)).join('; ');
  const kind = referenceKind(field, meta);
  if (typeof value === 'object') return kind === 'release' || kind === 'cycle' ? releaseText(kind, value.id, names.releases) : `${value.type} #${value.id}`;
  if (kind === 'release' || kind === 'cycle') {
    const id = Number(value);
    return Number.isInteger(id) && id > 0 ? releaseText(kind, id, names.releases) : String(value);
  }
  if (kind === 'user' && typeof value === 'string') return userText(value, names.users);
  if (meta?.dataType.name === 'Memo' || meta?.sanitization === 'HTML') return oneLine(memoToText(String(value)));
  if (meta?.dataType.name === 'Date' && typeof value === 'string') return dateText(value, names.locale);
  return String(value);
}

/** `YYYY-MM-DD` (a date field) or `YYYY-MM-DD HH:MM:SS` (a server time) in the locale; anything else as is. */
export function dateText(value: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  if (h === undefined) return new Date(Date.UTC(+y, +mo - 1, +d)).toLocaleDateString(locale, { timeZone: 'UTC' });
  // Server times carry no zone; they are shown as written, not shifted into the user's zone.
  return new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +(s ?? 0))).toLocaleString(locale, { timeZone: 'UTC' });
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
