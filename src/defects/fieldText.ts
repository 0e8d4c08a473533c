// The text a field's value reads as on the host: the tree's tooltip, hovers, chat answers, the grid,
// CSV export, history and bulk summaries. The rules are the shared formatter's (src/shared/valueText.ts),
// which the editor's page uses too; this adds what only the host has: field metadata, the project's
// names and memo HTML.
import * as l10n from '@vscode/l10n';
import type { FieldMeta, FieldValue, ProjectApi, ProjectUser, ReferenceNames, Release, ReleaseCatalog } from '../api';
import { fieldKind, isReleaseKind } from './fieldKind';
import type { FieldKind } from './fieldKind';
import { memoToText } from './memo';
import { valueText } from '../shared/valueText';
import type { DisplayNames } from '../shared/valueText';

export { NO_VALUE, dateText } from '../shared/valueText';

/** What turns ids and login names into names; each part is optional (shown as the raw value then). */
export interface ValueNames {
  /** The project's users by login name, for full names. */
  users?: ReadonlyMap<string, ProjectUser>;
  /** The project's releases and cycles, for reference fields holding their ids. */
  releases?: ReleaseCatalog;
  /** What other reference fields (environment…) point to, by field and id. */
  references?: ReferenceNames;
  /** BCP 47 locale for dates; the runtime's default when absent. */
  locale?: string;
  /** Why the users could not be read (their login names are shown then); releases say it in their catalog. */
  usersUnavailable?: string;
}

/** The users of a project keyed by login name, as `ValueNames.users` wants them. */
export function usersByName(users: readonly ProjectUser[]): ReadonlyMap<string, ProjectUser> {
  return new Map(users.map((u) => [u.name, u]));
}

/** Where the names come from: a project's API, or a part of one (a part it lacks counts as a refusal). */
type NamesSource = Partial<Pick<ProjectApi, 'users' | 'releases' | 'referenceNames'>>;

export interface NamesOptions {
  signal?: AbortSignal;
  /** VS Code's display language, for dates and numbers. */
  locale?: string;
  /** Read the names again (a view's Refresh). */
  refresh?: boolean;
}

/**
 * The one loader of a project's names (its users and its releases and cycles) for every view. Both
 * are read once per project and cached by the client. One rule when the server refuses either: the
 * reason is kept (`usersUnavailable`, the catalog's `unavailable`), values show as login names or
 * ids, and the views say why (`releasesNote`, `usersNote`). A cancelled read is not a refusal: it rejects.
 */
export async function projectNames(api: NamesSource, options: NamesOptions | AbortSignal = {}): Promise<ValueNames> {
  const o: NamesOptions = options instanceof AbortSignal ? { signal: options } : options;
  const { signal, refresh } = o;
  // A call that throws at once (a project API without the resource) counts as a refusal too.
  const read = <T>(load: () => Promise<T>): Promise<{ value: T } | { why: string }> =>
    Promise.resolve()
      .then(load)
      .then(
        (value) => ({ value }),
        (e: unknown) => {
          if (signal?.aborted) throw e;
          return { why: e instanceof Error ? e.message : String(e) };
        },
      );
  // A part the source lacks (a test's fake, a view's slice of the API) is not read: its values show raw, with no reason.
  const [users, releases, references] = await Promise.all([
    api.users ? read(() => api.users!({ signal, refresh })) : undefined,
    api.releases ? read(() => api.releases!({ signal, refresh })) : undefined,
    api.referenceNames ? read(() => api.referenceNames!({ signal, refresh })) : undefined,
  ]);
  return {
    ...(o.locale ? { locale: o.locale } : {}),
    ...(!users ? {} : 'value' in users ? { users: usersByName(users.value.users) } : { usersUnavailable: users.why }),
    ...(!releases ? {} : { releases: 'value' in releases ? releases.value : { releases: [], cycles: [], unavailable: releases.why } }),
    ...(!references ? {} : { references: 'value' in references ? references.value : { byField: new Map(), unavailable: references.why } }),
  };
}

/** Why releases and cycles read as ids here (the server does not list them), when they do. */
export function releasesNote(names: ValueNames): string | undefined {
  const why = names.releases?.unavailable;
  return why === undefined ? undefined : l10n.t('Releases and cycles are shown by id: the server does not list them ({0}).', why);
}

/** Why users read as login names here (the server refused its user list), when they do. */
export function usersNote(names: ValueNames): string | undefined {
  const why = names.usersUnavailable;
  return why === undefined ? undefined : l10n.t('Users are shown by login name: the server did not list them ({0}).', why);
}

/**
 * The release or cycle a user or a model names: by name (case-insensitive; a release's first),
 * or by id as `#1002` or `1002`. Undefined when the catalog holds none such.
 */
export function findRelease(kind: 'release' | 'cycle', text: string, catalog: ReleaseCatalog): Release | undefined {
  return findNamed(kind === 'release' ? catalog.releases : catalog.cycles, text);
}

/**
 * The one release/cycle resolver (the editor's New Defect and Clone fill, chat, bulk): by id as `#1002`
 * or `1002`, then by exact name, then by name ignoring case.
 */
export function findNamed<T extends { id: number; name: string }>(items: readonly T[], text: string): T | undefined {
  const t = text.trim();
  const id = /^#?\d+$/.test(t) ? Number(t.replace('#', '')) : undefined;
  return items.find((r) => r.id === id) ?? items.find((r) => r.name === t) ?? items.find((r) => r.name.toLowerCase() === t.toLowerCase());
}

/** The name of the release or cycle `id`, when the catalog knows it. */
function releaseName(kind: 'release' | 'cycle', id: number, catalog: ReleaseCatalog | undefined): string | undefined {
  const items = kind === 'release' ? catalog?.releases : catalog?.cycles;
  return items?.find((r) => r.id === id)?.name;
}

/** The shared formatter's names for one field: its users' full names, its release, cycle or other reference's names. */
function displayNames(field: string, kind: FieldKind, names: ValueNames): DisplayNames {
  const other = kind === 'reference' ? names.references?.byField.get(field) : undefined;
  return {
    locale: names.locale,
    fullName: (login) => names.users?.get(login)?.fullName,
    ...(isReleaseKind(kind) ? { referenceName: (id: number) => releaseName(kind, id, names.releases) } : other ? { referenceName: (id: number) => other.get(id) } : {}),
  };
}

/**
 * The value as one line of plain text, as every view shows it (src/shared/valueText.ts): NO_VALUE
 * when empty, users with their full names, list values joined one way, releases and cycles by
 * name, dates and numbers in the locale, memo fields as plain text.
 */
export function fieldText(field: string, value: FieldValue | undefined, names: ValueNames = {}, meta?: FieldMeta): string {
  const kind = fieldKind(field, meta);
  const shown = kind === 'memo' && typeof value === 'string' ? memoToText(value) : value;
  return valueText(kind, shown, displayNames(field, kind, names));
}
