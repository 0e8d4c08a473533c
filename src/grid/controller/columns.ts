// Which columns the grid shows, in which order and how wide: chosen from the project's field
// metadata, kept per project (and per saved filter) in the workspace state. Stored settings are
// read back as untrusted JSON; fields the project no longer has are left out.
import type { FieldCatalog, FieldMeta } from '../../api';
import { fieldKind } from '../../defects/fieldKind';
import type { ProjectRefKey } from '../../defects/refs';
import { projectKey } from '../../defects/refs';
import { FOLLOW_UP_COLUMN } from '../../shared/gridProtocol';
import type { GridColumn } from '../../shared/gridProtocol';
import * as l10n from '@vscode/l10n';

export interface ColumnSetting {
  name: string;
  width: number;
}

export { FOLLOW_UP_COLUMN };

/** The columns that are ALM fields, for the server's `fields` and an export. */
export function fieldColumns(names: readonly string[]): string[] {
  return names.filter((n) => n !== FOLLOW_UP_COLUMN);
}

/** What the ALM web client's defects grid shows first, then the follow-up flags. */
export const DEFAULT_COLUMNS: readonly string[] = ['id', 'name', 'status', 'severity', 'priority', 'owner', 'detected-by', 'creation-time', 'last-modified', FOLLOW_UP_COLUMN];
const MIN_WIDTH = 40;
const MAX_WIDTH = 1200;
/** Settings kept at most (project and saved-filter keys), so the store cannot grow without bound. */
const MAX_KEYS = 200;

function defaultWidth(name: string, meta?: FieldMeta): number {
  // Room for the label ("Defect ID") and the sort mark after it (issue 37.10: cut to "Defec…").
  if (name === 'id') return 100;
  if (name === 'name') return 360;
  if (name === FOLLOW_UP_COLUMN) return 130;
  switch (fieldKind(name, meta)) {
    case 'memo':
      return 300;
    case 'date':
      return 110;
    case 'number':
      return 80;
    default:
      return 130;
  }
}

const clampWidth = (w: number): number => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(w)));

/** The key a grid's columns are kept under: the project, and the saved filter when one is open. */
export function columnsKey(ref: ProjectRefKey, savedFilter?: string): string {
  return savedFilter ? `${projectKey(ref)}#filter=${encodeURIComponent(savedFilter)}` : projectKey(ref);
}

/** Settings from stored JSON: a list of `{ name, width }`, anything else dropped; undefined when none is left. */
export function readColumnSettings(raw: unknown): ColumnSetting[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const seen = new Set<string>();
  const out: ColumnSetting[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, width } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name || seen.has(name) || typeof width !== 'number' || !Number.isFinite(width)) continue;
    seen.add(name);
    out.push({ name, width: clampWidth(width) });
  }
  return out.length ? out : undefined;
}

/** Whether a field can be a column: `id`, or a field the metadata lists and does not hide. */
function isColumnField(name: string, catalog: FieldCatalog): boolean {
  const meta = catalog.get(name);
  return name === 'id' || name === FOLLOW_UP_COLUMN || (meta !== undefined && !meta.hidden);
}

/** The fields a user can choose as columns, in the metadata's order (`id` first). */
export function columnChoices(catalog: FieldCatalog): FieldMeta[] {
  return catalog.fields.filter((f) => f.name !== 'id' && !f.hidden);
}

/** The columns to draw: the settings (else the defaults) less fields the project lacks; never none. */
export function resolveColumns(settings: readonly ColumnSetting[] | undefined, catalog: FieldCatalog): GridColumn[] {
  const wanted = settings ?? DEFAULT_COLUMNS.map((name) => ({ name, width: defaultWidth(name, catalog.get(name)) }));
  const columns = wanted.filter((c) => isColumnField(c.name, catalog)).map((c) => columnOf(c, catalog));
  return columns.length ? columns : [columnOf({ name: 'id', width: defaultWidth('id') }, catalog)];
}

function columnOf(c: ColumnSetting, catalog: FieldCatalog): GridColumn {
  if (c.name === FOLLOW_UP_COLUMN) return { name: c.name, label: l10n.t('Follow-up'), width: c.width, sortable: false };
  const meta = catalog.get(c.name);
  return { name: c.name, label: c.name === 'id' ? (meta?.label ?? 'ID') : catalog.label(c.name), width: c.width, sortable: fieldKind(c.name, meta) !== 'memo' };
}

export function settingsOf(columns: readonly GridColumn[]): ColumnSetting[] {
  return columns.map((c) => ({ name: c.name, width: c.width }));
}

export function resized(columns: readonly ColumnSetting[], name: string, width: number): ColumnSetting[] {
  return columns.map((c) => (c.name === name ? { name, width: clampWidth(width) } : c));
}

/** The columns in the order `names` gives; names not shown are ignored, shown ones missing keep their place at the end. */
export function reordered(columns: readonly ColumnSetting[], names: readonly string[]): ColumnSetting[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const first = [...new Set(names)].map((n) => byName.get(n)).filter((c): c is ColumnSetting => c !== undefined);
  return [...first, ...columns.filter((c) => !first.includes(c))];
}

/** The chosen fields in the given order, keeping the widths of those shown already. */
export function chosen(columns: readonly ColumnSetting[], names: readonly string[], catalog: FieldCatalog): ColumnSetting[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  return [...new Set(names)].filter((n) => isColumnField(n, catalog)).map((name) => byName.get(name) ?? { name, width: defaultWidth(name, catalog.get(name)) });
}

export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const STORE_KEY = 'almDefects.grid.columns';

/** The column settings of every project and saved filter, in the workspace state (least recently set dropped first). */
export class ColumnStore {
  constructor(private readonly memento: MementoLike) {}

  get(key: string): ColumnSetting[] | undefined {
    return readColumnSettings(this.all()[key]);
  }

  async set(key: string, columns: readonly ColumnSetting[]): Promise<void> {
    const all = this.all();
    delete all[key];
    all[key] = columns;
    const keys = Object.keys(all);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEYS))) delete all[old];
    await this.memento.update(STORE_KEY, all);
  }

  private all(): Record<string, unknown> {
    const raw = this.memento.get<unknown>(STORE_KEY);
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
  }
}
