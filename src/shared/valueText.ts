// One way to read a field's value, for every view: the editor's header and read mode (in the
// webview), and on the host the grid, the tree's tooltip, hovers, CSV, history, chat and bulk
// summaries. Here, below both, so the page and the host cannot drift apart (issue 39): users as
// "Full Name (login)", list values joined one way, references by name, dates and numbers in the
// display language, and one text for "no value". Plain code: no `vscode`, no DOM, no server types.
import * as l10n from '@vscode/l10n';
import type { FieldKind, FieldView, WireValue } from './editorProtocol';

export type { FieldKind };

/** What turns login names and ids into names; each part optional (the raw login or `#id` is shown then). */
export interface DisplayNames {
  /** A user's full name by login name. */
  fullName?(login: string): string | undefined;
  /** The name of the item a reference field's id points to (a release, a cycle, an environment…). */
  referenceName?(id: number): string | undefined;
  /** BCP 47 locale (VS Code's display language) for dates and numbers; the runtime's default when absent. */
  locale?: string;
}

/** The one text every view shows for "no value". */
export const NO_VALUE = '—';

/** The one separator between the values of a multi-valued field. */
const LIST_SEPARATOR = '; ';

/** Empty text, an empty list, null and undefined: no value. */
function isEmpty(v: WireValue | undefined): v is null | undefined | '' | [] {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A user as "Full Name (login)" when both are known and differ, else the login name. */
export function userText(login: string, fullName: string | undefined): string {
  return fullName && fullName !== login ? `${fullName} (${login})` : login;
}

/** The id a reference value holds (`{type, id}`, a number or digits), if any. */
export function referenceId(value: WireValue | undefined): number | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value.id;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*#?\d+\s*$/.test(value) ? Number(value.trim().replace('#', '')) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A referenced item by its name, or `#id` when its name is not known. */
function referenceText(id: number, name: string | undefined): string {
  return name ? name : `#${id}`;
}

/**
 * A value as one line of text, or NO_VALUE. Memo values are expected as plain text already (the
 * host turns their HTML into text; the page never formats memos here).
 */
export function valueText(kind: FieldKind, value: WireValue | undefined, names: DisplayNames = {}): string {
  if (isEmpty(value)) return NO_VALUE;
  if (Array.isArray(value)) return value.map((v) => valueText(kind === 'multi-list' ? 'list' : kind, v, names)).join(LIST_SEPARATOR);
  switch (kind) {
    case 'user':
      return typeof value === 'string' ? userText(value, names.fullName?.(value)) : scalar(value);
    case 'release':
    case 'cycle':
    case 'reference': {
      const id = referenceId(value);
      return id === undefined ? scalar(value) : referenceText(id, names.referenceName?.(id));
    }
    case 'date':
      return typeof value === 'string' ? dateText(value, names.locale) : scalar(value);
    case 'number':
      return numberText(value, names.locale);
    case 'flag':
      return flagText(value);
    case 'memo':
      return scalar(value).replace(/\s+/g, ' ').trim() || NO_VALUE;
    default:
      return scalar(value);
  }
}

function scalar(value: Exclude<WireValue, null | string[]>): string {
  if (typeof value === 'boolean') return flagText(value);
  return typeof value === 'object' ? `#${value.id}` : String(value);
}

/** `Y`/`N` (and booleans) as Yes/No; anything else as is. */
function flagText(value: Exclude<WireValue, null | string[]>): string {
  if (value === true || value === 'Y') return l10n.t('Yes');
  if (value === false || value === 'N') return l10n.t('No');
  return scalar(value);
}

/** A number with the locale's grouping and decimal mark; text that is not a number as it is. */
function numberText(value: Exclude<WireValue, null | string[]>, locale?: string): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? cached(`n\u0000${locale ?? ''}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 20 })).format(n) : scalar(value);
}

/** `YYYY-MM-DD` (a date) or `YYYY-MM-DD HH:MM[:SS]` (a server time) in the locale; anything else as is. */
export function dateText(value: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  // Server times carry no zone; they are shown as written (formatted in UTC), not shifted into the user's zone.
  if (h === undefined) return dateFormat(locale, 'date').format(Date.UTC(+y, +mo - 1, +d));
  return dateFormat(locale, 'time').format(Date.UTC(+y, +mo - 1, +d, +h, +mi, +(s ?? 0)));
}

const DATE_PARTS = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const TIME_PARTS = { hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * Formatters made once per locale: toLocaleDateString and friends build a new one on every call
 * (~0.4 ms), which a 100,000-row export would pay per value.
 */
/**
 * A count of defects, rows or items as the display language groups its digits (10,341; German 10.341):
 * the tree, the grid and the messages write counts this one way.
 */
export function countText(count: number, locale?: string): string {
  return cached(`c\u0000${locale ?? ''}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(count);
}

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = formats.get(key);
  if (!f) {
    f = make();
    formats.set(key, f);
  }
  return f as T;
}

function dateFormat(locale: string | undefined, kind: 'date' | 'time'): Intl.DateTimeFormat {
  return cached(`${kind}\u0000${locale ?? ''}`, () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...DATE_PARTS, ...(kind === 'time' ? TIME_PARTS : {}) }));
}

/**
 * A value as the editor's page writes it (header and read mode): the formatter above with the
 * names the host put in the field's view (users' full names, release and cycle names).
 */
export function fieldViewText(view: FieldView | undefined, value: WireValue | undefined, locale?: string): string {
  if (!view) return valueText('text', value, { locale });
  const name = (key: string | number) => (view.names && Object.hasOwn(view.names, key) ? view.names[key] : undefined);
  return valueText(view.kind, value, {
    locale,
    fullName: name,
    referenceName: (id) => view.releases?.find((r) => r.id === id)?.name ?? name(id),
  });
}
