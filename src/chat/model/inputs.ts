// The tools' inputs as the model sends them (the JSON schemas in package.json describe the same
// shapes) and how a search input becomes the tree's DefectFilter and the client's Filter, so the
// chat and the tree filter alike ("me" is the signed-in user, text matches the summary). No `vscode`.
import * as l10n from '@vscode/l10n';
import type { Filter } from '../../api/index';
import { ME, describeFilter, isEmptyFilter, toApiFilter } from '../../defects/filter';
import type { DefectFilter } from '../../defects/filter';

/** Where a tool works; each part is optional and falls back to the default project. */
export interface ProjectInput {
  server?: string;
  domain?: string;
  project?: string;
}

export interface SearchDefectsInput extends ProjectInput {
  status?: string[];
  severity?: string[];
  priority?: string[];
  /** User names; "me" is the signed-in user. */
  owner?: string[];
  detectedBy?: string[];
  /** Text the summary contains. */
  text?: string;
  /** A raw ALM query, e.g. `{status[Open or Reopen];id[>100]}`. */
  query?: string;
  /** The name of an ALM favorite whose filter (and order) the search runs, with the other conditions. */
  favorite?: string;
  limit?: number;
}

export interface DefectInput extends ProjectInput {
  id: number;
}

export interface AddCommentInput extends DefectInput {
  comment: string;
}

export type ChangeValue = string | number | boolean | string[] | null;

export interface UpdateDefectInput extends ProjectInput {
  /** One defect… */
  id?: number;
  /** …or several, all set to the same changes (Update Selected's path: each under its lock). */
  ids?: unknown[];
  /** Field name or label → new value. */
  changes: Record<string, ChangeValue>;
}

/** Most defects one chat update may name: a larger selection is Update Selected's, in the tree or a grid. */
const MAX_UPDATE_IDS = 200;

/** The defect ids of a several-defects update, each once; undefined when one is not an id or there are too many. */
export function defectIds(raw: readonly unknown[]): number[] | undefined {
  const ids = raw.map(defectId);
  if (ids.length === 0 || ids.length > MAX_UPDATE_IDS || ids.some((id) => id === undefined)) return undefined;
  return [...new Set(ids as number[])];
}

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 200;
/** Rows per request: the search stops paging as soon as it has `limit` rows. */
export const PAGE_SIZE = 100;

/** The defect id the model sent (a number, or digits as text); undefined when it is none. */
export function defectId(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*#?\d{1,10}\s*$/.test(raw) ? Number(raw.replace('#', '')) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The limit a search uses: a whole number between 1 and MAX_LIMIT. */
export function searchLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

function list(values: unknown): string[] | undefined {
  const raw = typeof values === 'string' ? [values] : Array.isArray(values) ? values : [];
  const out = raw
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter(Boolean);
  return out.length ? out : undefined;
}

/** `me` (any case) or `@me` is the signed-in user. */
function users(values: unknown): string[] | undefined {
  return list(values)?.map((u) => (u.toLowerCase() === 'me' || u === ME ? ME : u));
}

/** The search input as the tree's filter (empty parts dropped). */
export function searchFilter(input: SearchDefectsInput): DefectFilter {
  const f: DefectFilter = {};
  const status = list(input.status);
  const severity = list(input.severity);
  const priority = list(input.priority);
  const owner = users(input.owner);
  const detectedBy = users(input.detectedBy);
  if (status) f.status = status;
  if (severity) f.severity = severity;
  if (priority) f.priority = priority;
  if (owner) f.owner = owner;
  if (detectedBy) f.detectedBy = detectedBy;
  if (typeof input.text === 'string' && input.text.trim()) f.name = input.text.trim();
  if (typeof input.query === 'string' && input.query.trim()) f.query = input.query.trim();
  return f;
}

/** The client Filter and a one-line description; throws RawQueryError for a malformed raw query. */
export function buildSearch(input: SearchDefectsInput, me: string): { filter: Filter; description: string } {
  const f = searchFilter(input);
  return { filter: toApiFilter(f, me), description: isEmptyFilter(f) ? l10n.t('no filter') : describeFilter(f) };
}
