// A project's defect filter as the user builds it (status, severity, priority, owner incl. "me",
// detected-by, target release, text in the name, raw query), how it becomes the client's Filter, how it reads in
// the project node's description, and how it is read back from untrusted storage and settings.
import * as l10n from '@vscode/l10n';
import type { Condition, Filter } from '../api';
import { parseRawQuery } from '../api';

/** Stands for the signed-in user in `owner` and `detectedBy`. */
export const ME = '@me';

export interface DefectFilter {
  status?: string[];
  severity?: string[];
  priority?: string[];
  /** User names; `ME` means the signed-in user. */
  owner?: string[];
  detectedBy?: string[];
  /** Text the defect name contains. */
  name?: string;
  /** A raw `query` clause for experts, e.g. `{status[Open or New];id[>100]}`. */
  query?: string;
  /** Target releases (any of), by id, with the name they had when chosen (for the description). */
  targetRelease?: ReleaseChoice[];
}

/** A release a filter names: the id the query needs and the name the user chose it by. */
export interface ReleaseChoice {
  id: number;
  name: string;
}

/** A filter saved by name in `almDefects.savedFilters`. */
export interface SavedFilter {
  name: string;
  filter: DefectFilter;
}

const LIST_KEYS = ['status', 'severity', 'priority', 'owner', 'detectedBy'] as const;
type ListKey = (typeof LIST_KEYS)[number];
const WIRE: Record<ListKey, string> = { status: 'status', severity: 'severity', priority: 'priority', owner: 'owner', detectedBy: 'detected-by' };
const LABEL: Record<ListKey, string> = { status: l10n.t('status'), severity: l10n.t('severity'), priority: l10n.t('priority'), owner: l10n.t('owner'), detectedBy: l10n.t('detected by') };

export function isEmptyFilter(filter: DefectFilter | undefined): boolean {
  return !filter || (LIST_KEYS.every((k) => !filter[k]?.length) && !filter.name && !filter.query && !filter.targetRelease?.length);
}

/** The client Filter for `filter`, with `ME` replaced by `me`. Throws RawQueryError for a bad raw query. */
export function toApiFilter(filter: DefectFilter | undefined, me: string): Filter {
  const out: Filter = filter?.query ? parseRawQuery(filter.query) : {};
  if (!filter) return out;
  for (const key of LIST_KEYS) {
    const values = filter[key];
    if (!values?.length) continue;
    const resolved = [...new Set(values.map((v) => (v === ME ? me : v)))];
    addCondition(out, WIRE[key], resolved.length === 1 ? { op: '=', value: resolved[0] } : { op: 'in', values: resolved });
  }
  // The name text is literal except that `*` keeps its usual wildcard meaning.
  if (filter.name) addCondition(out, 'name', { op: 'like', pattern: `*${filter.name}*` });
  // Reference fields are queried by id (the name is only what the user reads).
  const releases = [...new Set(filter.targetRelease?.map((r) => r.id))];
  if (releases.length) addCondition(out, 'target-rel', releases.length === 1 ? { op: '=', value: releases[0] } : { op: 'in', values: releases });
  return out;
}

/** Adds a condition on `field`, AND-ed with one already there. */
export function addCondition(filter: Filter, field: string, condition: Condition): Filter {
  const existing = filter[field];
  if (existing === undefined) filter[field] = condition;
  else filter[field] = { op: 'and', conditions: [asCondition(existing), condition] };
  return filter;
}

function asCondition(entry: Filter[string]): Condition {
  if (Array.isArray(entry)) return { op: 'in', values: entry };
  if (typeof entry === 'string' || typeof entry === 'number') return { op: '=', value: entry };
  return entry;
}

/** "status: Open, New · owner: me · name: “login”" — short enough for a tree description. */
export function describeFilter(filter: DefectFilter | undefined): string {
  if (!filter) return '';
  const parts: string[] = [];
  for (const key of LIST_KEYS) {
    const values = filter[key];
    if (values?.length) parts.push(`${LABEL[key]}: ${values.map((v) => (v === ME ? 'me' : v)).join(', ')}`);
  }
  if (filter.targetRelease?.length) parts.push(l10n.t('target release: {0}', filter.targetRelease.map((r) => r.name || `#${r.id}`).join(', ')));
  if (filter.name) parts.push(l10n.t('name: “{0}”', filter.name));
  if (filter.query) parts.push(l10n.t('query: {0}', filter.query));
  return parts.join(' · ');
}

/** A DefectFilter from stored or hand-edited JSON; unknown keys and wrong types are dropped. */
export function readFilter(raw: unknown): DefectFilter | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const f: DefectFilter = {};
  for (const key of LIST_KEYS) {
    const v = o[key];
    const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
    if (list.length) f[key] = list;
  }
  const releases = readReleaseChoices(o.targetRelease);
  if (releases.length) f.targetRelease = releases;
  if (typeof o.name === 'string' && o.name.trim()) f.name = o.name.trim();
  if (typeof o.query === 'string' && o.query.trim()) f.query = o.query.trim();
  return isEmptyFilter(f) ? undefined : f;
}

/** `[{ id, name }]` from untrusted JSON; a bare id is taken too (its name then reads `#id`). */
function readReleaseChoices(raw: unknown): ReleaseChoice[] {
  const items = Array.isArray(raw) ? (raw as unknown[]) : [];
  const out: ReleaseChoice[] = [];
  for (const item of items) {
    const o = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : { id: item };
    const id = typeof o.id === 'number' ? o.id : typeof o.id === 'string' && /^\d+$/.test(o.id) ? Number(o.id) : NaN;
    if (Number.isSafeInteger(id) && id > 0) out.push({ id, name: typeof o.name === 'string' ? o.name : '' });
  }
  return out;
}

/** Saved filters from settings; entries without a name or filter are skipped. */
export function readSavedFilters(raw: unknown): SavedFilter[] {
  if (!Array.isArray(raw)) return [];
  const out: SavedFilter[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const o = item as Record<string, unknown>;
    const filter = readFilter(o.filter);
    if (typeof o.name === 'string' && o.name.trim() && filter) out.push({ name: o.name.trim(), filter });
  }
  return out;
}
