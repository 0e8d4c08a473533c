// The text a field's value reads as outside the editor's own controls: the tree's tooltip, hovers,
// chat answers, the grid and CSV export. Written once, so that every view names a release, a user,
// a list value or a date alike. The editor form shows the same names through its pickers.
import * as l10n from '@vscode/l10n';
import type { FieldMeta, FieldValue, ProjectApi, ProjectUser, Release, ReleaseCatalog } from '../api';
import { fieldKind, isReleaseKind } from './fieldKind';
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

/** The users of a project keyed by login name, as `ValueNames.users` wants them. */
export function usersByName(users: readonly ProjectUser[]): ReadonlyMap<string, ProjectUser> {
  return new Map(users.map((u) => [u.name, u]));
}

/**
 * The names of one project (its users and releases, both cached by the client), for views outside
 * the editor; a part the server refuses is left out, so its values show as ids or login names.
 */
export async function projectNames(api: Pick<ProjectApi, 'users' | 'releases'>, signal?: AbortSignal): Promise<ValueNames> {
  // A call that throws at once (a project API without the resource) counts as a refusal too.
  const read = <T>(load: () => Promise<T>) =>
    Promise.resolve()
      .then(load)
      .catch(() => undefined);
  const [users, releases] = await Promise.all([read(() => api.users({ signal })), read(() => api.releases({ signal }))]);
  return { ...(users ? { users: usersByName(users.users) } : {}), ...(releases ? { releases } : {}) };
}

/** Why releases and cycles read as ids here (the server does not list them), when they do. */
export function releasesNote(names: ValueNames): string | undefined {
  const why = names.releases?.unavailable;
  return why === undefined ? undefined : l10n.t('Releases and cycles are shown by id: the server does not list them ({0}).', why);
}

/**
 * The release or cycle a user or a model names: by name (case-insensitive; a release's first),
 * or by id as `#1002` or `1002`. Undefined when the catalog holds none such.
 */
export function findRelease(kind: 'release' | 'cycle', text: string, catalog: ReleaseCatalog): Release | undefined {
  const items: readonly Release[] = kind === 'release' ? catalog.releases : catalog.cycles;
  const t = text.trim();
  const id = /^#?\d+$/.test(t) ? Number(t.replace('#', '')) : undefined;
  return items.find((r) => r.id === id) ?? items.find((r) => r.name === t) ?? items.find((r) => r.name.toLowerCase() === t.toLowerCase());
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
  const kind = fieldKind(field, meta);
  if (typeof value === 'object') return isReleaseKind(kind) ? releaseText(kind, value.id, names.releases) : `${value.type} #${value.id}`;
  if (isReleaseKind(kind)) {
    const id = Number(value);
    return Number.isInteger(id) && id > 0 ? releaseText(kind, id, names.releases) : String(value);
  }
  if (kind === 'user' && typeof value === 'string') return userText(value, names.users);
  if (kind === 'memo') return oneLine(memoToText(String(value)));
  if (kind === 'date' && typeof value === 'string') return dateText(value, names.locale);
  return String(value);
}

/** `YYYY-MM-DD` (a date field) or `YYYY-MM-DD HH:MM:SS` (a server time) in the locale; anything else as is. */
export function dateText(value: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  if (h === undefined) return formatter(locale, 'date').format(Date.UTC(+y, +mo - 1, +d));
  // Server times carry no zone; they are shown as written, not shifted into the user's zone.
  return formatter(locale, 'time').format(Date.UTC(+y, +mo - 1, +d, +h, +mi, +(s ?? 0)));
}

const DATE_PARTS = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * What toLocaleDateString / toLocaleString(locale, { timeZone: 'UTC' }) format with, made once per
 * locale: they build a new formatter on every call (~0.4 ms), which a 100,000-row export pays per date.
 */
function formatter(locale: string | undefined, kind: 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${kind}\u0000${locale ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...DATE_PARTS, ...(kind === 'time' ? { hour: 'numeric', minute: 'numeric', second: 'numeric' } : {}) });
    formatters.set(key, f);
  }
  return f;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
