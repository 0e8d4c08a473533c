// A favorite's filter XML (reference §17) read into what the client runs, and written back.
// Elements as ALI read them, wherever they sit (the containers around them are not known):
//   <Field Name="status" Value="Not Closed"/>                a condition in the UI filter syntax
//   <CrossFilter Entity="test-set" Inclusive="true">…</…>     conditions on a related entity
//   <Field Name="severity" Direction="Descending"/>           the order
//   <Name>id</Name><Width>60</Width>                          the view's columns
// A cross filter runs as `{alias.field[expr]}` by the REST alias of the relation to its entity
// (relations.ts; Inclusive="false" adds `alias.inclusive-filter[false]`, as ALM's Filtering page
// documents for an exclusive cross filter), whole or not at all.
// What cannot be run is listed in `notApplied` (a cross filter without a REST alias, a field the
// project lacks, a condition that does not parse): the caller shows it, so a result wider than the
// favorite's is never shown silently. Read with a real XML parser, bounded.
import type * as FastXmlParser from 'fast-xml-parser';
import type { Condition, Filter, OrderBy } from './clauses';
import { RawQueryError, parseFieldCondition } from './dialect/rawQuery';
import type { CrossAlias } from './relations';

export interface FavoriteColumn {
  field: string;
  width?: number;
}

/** What a favorite's filter runs as: the client's filter, order and columns, and what was left out. */
export interface FavoriteView {
  filter: Filter;
  orderBy: OrderBy[];
  columns: FavoriteColumn[];
  /** One sentence per part that was not applied ("filter on Test Set not applied"). */
  notApplied: string[];
}

/** The largest filter XML read; a real one is a few kilobytes. */
const MAX_FILTER_XML = 100_000;
/** Nesting deeper than this is not walked (a hostile server could nest without end). */
const MAX_DEPTH = 64;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** ALM's names of the entities a defect filter can cross to, for the note on the node. */
const ENTITY_LABELS: Record<string, string> = {
  'test-set': 'Test Set',
  test: 'Test',
  'test-instance': 'Test Instance',
  run: 'Run',
  'run-step': 'Run Step',
  requirement: 'Requirement',
  release: 'Release',
  'release-cycle': 'Cycle',
  defect: 'Linked Defect',
};

type Node = Record<string, unknown>;
type Labels = (field: string) => string | undefined;
/** The REST alias of the relation from defects to an entity, or why there is none. */
type Aliases = (entity: string) => CrossAlias;
/** Where none is known: the caller did not ask the server. */
const NO_ALIASES: Aliases = () => ({ reason: 'no REST alias for it is known' });

let parser: FastXmlParser.XMLParser | undefined;
let builder: FastXmlParser.XMLBuilder | undefined;

function xml(): typeof FastXmlParser {
  // Loaded on first use, as the other XML readers are: most sessions never read a favorite.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('fast-xml-parser') as typeof FastXmlParser;
}

function parse(text: string): Node[] {
  // The parser itself forgives unclosed elements; a filter cut short must not run as a wider one.
  const valid = xml().XMLValidator.validate(text);
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  parser ??= new (xml().XMLParser)({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
  });
  return parser.parse(text) as Node[];
}

function tagOf(node: Node): string | undefined {
  return Object.keys(node).find((k) => k !== ':@');
}

function attrs(node: Node): Record<string, string> {
  const a = node[':@'];
  return a && typeof a === 'object' ? (a as Record<string, string>) : {};
}

function textOf(children: unknown): string {
  if (!Array.isArray(children)) return '';
  return children.map((c) => (c && typeof c === 'object' && '#text' in c ? String((c as Node)['#text']) : '')).join('');
}

/**
 * The favorite's filter, order and columns. `labels` names the project's defect fields (label by
 * name); a condition on a field it does not know is not applied. Never throws: an unreadable filter
 * is one note and an empty filter.
 */
export function readFavoriteFilter(text: string, labels?: Labels, aliases: Aliases = NO_ALIASES): FavoriteView {
  const view: FavoriteView = { filter: {}, orderBy: [], columns: [], notApplied: [] };
  if (!text.trim()) return view;
  if (text.length > MAX_FILTER_XML) return { ...view, notApplied: [`the filter is larger than ${MAX_FILTER_XML} characters and was not applied`] };
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) return { ...view, notApplied: ['the filter declares a DTD and was not applied'] };
  let nodes: Node[];
  try {
    nodes = parse(text);
  } catch (e) {
    return { ...view, notApplied: [`the filter is not well-formed XML and was not applied (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`] };
  }
  walk(nodes, view, { labels, aliases }, 0);
  return view;
}

function walk(nodes: unknown, view: FavoriteView, names: { labels?: Labels; aliases: Aliases }, depth: number): void {
  if (!Array.isArray(nodes)) return;
  if (depth > MAX_DEPTH) {
    view.notApplied.push(`the filter nests deeper than ${MAX_DEPTH} levels; the deeper part was not applied`);
    return;
  }
  for (const node of nodes as Node[]) {
    const tag = tagOf(node);
    if (!tag || tag === '#text') continue;
    const a = attrs(node);
    if (tag === 'CrossFilter') {
      if (hasCondition(node[tag], 0)) addCrossFilter(view, a, node[tag], names.aliases);
    } else if (tag === 'Field' && 'Value' in a) {
      addCondition(view, a.Name ?? '', a.Value, names.labels);
    } else if (tag === 'Field' && 'Direction' in a) {
      const field = a.Name ?? '';
      if (FIELD_NAME.test(field) && (!names.labels || names.labels(field) !== undefined)) view.orderBy.push({ field, direction: a.Direction.toLowerCase().startsWith('desc') ? 'desc' : 'asc' });
    } else if (tag === 'Name') {
      const field = textOf(node[tag]).trim();
      if (FIELD_NAME.test(field)) view.columns.push({ field });
    } else if (tag === 'Width') {
      const width = Number(textOf(node[tag]));
      const last = view.columns[view.columns.length - 1];
      if (last && last.width === undefined && Number.isInteger(width) && width > 0 && width < 10_000) last.width = width;
    } else {
      walk(node[tag], view, names, depth + 1);
    }
  }
}

/** Whether a cross filter holds any condition (an empty one restricts nothing). */
function hasCondition(nodes: unknown, depth: number): boolean {
  if (!Array.isArray(nodes) || depth > MAX_DEPTH) return false;
  return (nodes as Node[]).some((n) => {
    const tag = tagOf(n);
    if (!tag) return false;
    const value = attrs(n).Value;
    return (tag === 'Field' && value !== undefined && value.trim() !== '') || hasCondition(n[tag], depth + 1);
  });
}

/** The conditions of a cross filter (`Name`, `Value`), or why they cannot run (a nested cross filter, a bad name or value). */
function crossConditions(nodes: unknown, depth: number, out: [string, Condition][]): string | undefined {
  if (!Array.isArray(nodes)) return undefined;
  if (depth > MAX_DEPTH) return `it nests deeper than ${MAX_DEPTH} levels`;
  for (const node of nodes as Node[]) {
    const tag = tagOf(node);
    if (!tag || tag === '#text') continue;
    const { Name: field = '', Value: value } = attrs(node);
    if (tag === 'CrossFilter') return 'a cross filter within a cross filter is not read';
    if (tag !== 'Field' || value === undefined) {
      const why = crossConditions(node[tag], depth + 1, out);
      if (why) return why;
    } else if (value.trim() !== '') {
      if (!FIELD_NAME.test(field) || field.includes('.')) return `'${field}' is not a field name`;
      try {
        out.push([field, parseFieldCondition(value, field)]);
      } catch (e) {
        return e instanceof RawQueryError ? e.message : String(e);
      }
    }
  }
  return undefined;
}

/** A cross filter, whole by its entity's REST alias, or one note (part of one would select other defects). */
function addCrossFilter(view: FavoriteView, a: Record<string, string>, nodes: unknown, aliases: Aliases): void {
  const entity = a.Entity ?? '';
  const label = ENTITY_LABELS[entity] ?? (entity || 'a related entity');
  const conditions: [string, Condition][] = [];
  const found = entity ? aliases(entity) : { reason: 'it names no entity' };
  const why = 'reason' in found ? found.reason : crossConditions(nodes, 0, conditions);
  if (why !== undefined || !('alias' in found)) {
    view.notApplied.push(`filter on ${label} not applied: ${why ?? ''}`);
    return;
  }
  for (const [field, condition] of conditions) and(view, `${found.alias}.${field}`, condition);
  if (/^false$/i.test(a.Inclusive ?? '')) view.filter[`${found.alias}.inclusive-filter`] = { op: '=', value: 'false' };
}

function and(view: FavoriteView, key: string, condition: Condition): void {
  const previous = view.filter[key] as Condition | undefined;
  view.filter[key] = previous ? { op: 'and', conditions: [previous, condition] } : condition;
}

function addCondition(view: FavoriteView, field: string, value: string, labels: Labels | undefined): void {
  if (value.trim() === '') return; // an empty condition restricts nothing in ALM's filter either
  const label = labels?.(field);
  const name = label ?? field;
  if (!FIELD_NAME.test(field) || (labels && label === undefined)) {
    view.notApplied.push(`filter on ${field || 'a field without a name'} not applied: the project has no such defect field`);
    return;
  }
  let condition: Condition;
  try {
    condition = parseFieldCondition(value, field);
  } catch (e) {
    view.notApplied.push(`filter on ${name} not applied: ${e instanceof RawQueryError ? e.message : String(e)}`);
    return;
  }
  and(view, field, condition);
}

/** A condition in ALM's UI filter syntax, as `readFavoriteFilter` reads it back. */
export function conditionText(c: Condition): string {
  switch (c.op) {
    case 'in':
      return c.values.map((v) => valueText(v)).join(' Or ');
    case 'like':
      return valueText(c.pattern);
    case 'not':
      return `Not (${conditionText(c.condition)})`;
    case 'and':
    case 'or':
      return c.conditions.map((part) => (part.op === 'and' || part.op === 'or' ? `(${conditionText(part)})` : conditionText(part))).join(c.op === 'and' ? ' And ' : ' Or ');
    case '=':
      return c.value === '' ? 'null' : valueText(c.value);
    case '<>':
      return c.value === '' ? '<> null' : `<> ${valueText(c.value)}`;
    default:
      return `${c.op} ${valueText(c.value)}`;
  }
}

/** A value bare where the syntax reads it back unchanged, else quoted. */
function valueText(v: string | number): string {
  const text = String(v);
  if (typeof v === 'number' || (/^[^\s()'"<>=\\]+$/.test(text) && !['or', 'and', 'not', 'null'].includes(text.toLowerCase()))) return text;
  return `"${text.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}

/** What a favorite's filter XML holds of a view: conditions, order and columns. */
export interface FavoriteViewParts {
  filter: Filter;
  orderBy: readonly OrderBy[];
  columns: readonly FavoriteColumn[];
}

/** The filter XML of a view: conditions, order and columns, in the elements ALI read. */
export function favoriteFilterXml(view: FavoriteViewParts): string {
  builder ??= new (xml().XMLBuilder)({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });
  const field = ([name, entry]: [string, Filter[string]]) => ({ '@_Name': name, '@_Value': conditionText(asCondition(entry)) });
  // A cross filter's conditions are `alias.field` keys: written back under the alias (readFavoriteFilter takes an alias for an entity).
  const byAlias = new Map<string, [string, Filter[string]][]>();
  for (const [key, entry] of Object.entries(view.filter)) {
    const dot = key.indexOf('.');
    if (dot > 0) byAlias.set(key.slice(0, dot), [...(byAlias.get(key.slice(0, dot)) ?? []), [key.slice(dot + 1), entry]]);
  }
  const crossFilters = [...byAlias].map(([alias, entries]) => ({
    '@_Entity': alias,
    '@_Inclusive': entries.some(([name, entry]) => name === 'inclusive-filter' && conditionText(asCondition(entry)) === 'false') ? 'false' : 'true',
    Field: entries.filter(([name]) => name !== 'inclusive-filter').map(field),
  }));
  return builder.build({
    Filter: {
      Where: {
        Field: Object.entries(view.filter)
          .filter(([key]) => !key.includes('.'))
          .map(field),
        CrossFilter: crossFilters,
      },
      Order: { Field: view.orderBy.map((o) => ({ '@_Name': o.field, '@_Direction': o.direction === 'desc' ? 'Descending' : 'Ascending' })) },
      View: { Columns: { Column: view.columns.map((c) => ({ Name: c.field, ...(c.width ? { Width: String(c.width) } : {}) })) } },
    },
  });
}

function asCondition(entry: Filter[string]): Condition {
  if (Array.isArray(entry)) return { op: 'in', values: entry };
  if (typeof entry === 'string' || typeof entry === 'number') return { op: '=', value: entry };
  return entry;
}
