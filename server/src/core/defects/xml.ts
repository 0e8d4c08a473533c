// Core XML of a page of defects. A 100-defect page is about 5,000 elements; fast-xml-parser's
// XMLBuilder spent 5–7× the whole api page's time on its per-element bookkeeping (bench/server),
// and writing the markup in SQL re-read every column several times. So collection pages read the
// rows as plain arrays (better-sqlite3 `raw`, no objects) and write each `<Field>` from markup
// prepared once per field. Single entities, errors and every other document still go through the
// library (wire/entity.ts).
//
// Every value passes through `escapeXml`, which escapes exactly the five characters the library
// escapes; the only text not escaped is the catalog's field names, checked to be plain. The output
// equals `entityXml(defectEntity(…))`: test/integration/server/core.formats.test.ts compares the
// two for every demo defect and parses the page back.
import { CATALOGS } from '../../metadata/catalog';
import type { FieldDef } from '../../metadata/types';
import type { AnswerBudget } from '../../limits';
import type { ProjectStore } from '../../store/project';
import type { CompiledCollectionRequest } from '../../query/index';
import { pageQuery } from '../../query/index';
import { XML_DECLARATION, collectionXml } from '../wire/entity';
import { ReferenceNames, referenceTable } from './convert';

const DEFECT = CATALOGS.defects;
const SAFE_NAME = /^[a-z0-9-]+$/;
const RESERVED = /[&<>"']/;

/**
 * Escapes the five characters XML reserves, as the library does; most values need nothing. One
 * scan that copies the runs between reserved characters: on HTML memos, full of `<`, `>` and `"`,
 * regex replacement (one pass with a callback, or five passes) cost more than reading the page.
 */
export function escapeXml(text: string): string {
  const first = text.search(RESERVED);
  if (first < 0) return text;
  let out = '';
  let last = 0;
  for (let i = first; i < text.length; i++) {
    let entity: string;
    switch (text.charCodeAt(i)) {
      case 38: entity = '&amp;'; break; // &
      case 60: entity = '&lt;'; break; // <
      case 62: entity = '&gt;'; break; // >
      case 34: entity = '&quot;'; break; // "
      case 39: entity = '&apos;'; break; // '
      default: continue;
    }
    out += text.slice(last, i) + entity;
    last = i + 1;
  }
  return out + text.slice(last);
}

function valueXml(text: string, referenceValue?: string): string {
  const open = referenceValue === undefined ? '<Value' : `<Value ReferenceValue="${escapeXml(referenceValue)}"`;
  return text === '' ? `${open}/>` : `${open}>${escapeXml(text)}</Value>`;
}

/** Text fields come out of SQLite already escaped: its replace() runs in C over each value once. */
function escapedInSql(def: FieldDef): boolean {
  return !def.multiple && (def.kind === 'string' || def.kind === 'memo' || def.kind === 'date');
}

function columnSql(def: FieldDef): string {
  if (!escapedInSql(def)) return def.column;
  return `replace(replace(replace(replace(replace(${def.column}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&apos;')`;
}

/** Writes one field of a row; prepared once per field of the page. */
type FieldWriter = (value: unknown, refs: ReferenceNames) => string;

function fieldWriter(def: FieldDef): FieldWriter {
  if (!SAFE_NAME.test(def.name)) throw new Error(`Field name '${def.name}' cannot be written without escaping.`);
  const open = `<Field Name="${def.name}">`;
  const empty = `<Field Name="${def.name}"/>`;
  if (def.multiple) {
    return (value) => {
      if (value === null || value === undefined) return empty;
      let list: unknown;
      try {
        list = JSON.parse(String(value));
      } catch {
        list = [value];
      }
      const values: unknown[] = Array.isArray(list) ? list : [value];
      return values.length === 0 ? empty : `${open}${values.map((v) => valueXml(String(v))).join('')}</Field>`;
    };
  }
  if (escapedInSql(def)) {
    return (value) => {
      if (value === null || value === undefined) return empty;
      return value === '' ? `${open}<Value/></Field>` : `${open}<Value>${String(value)}</Value></Field>`;
    };
  }
  const table = referenceTable(def);
  return (value, refs) => {
    if (value === null || value === undefined) return empty;
    const reference = table && typeof value === 'number' ? refs.name(table, value) : undefined;
    return `${open}${valueXml(String(value), reference)}</Field>`;
  };
}

/** The `<Entities>` document of a page: the same rows, order and total as the JSON page. */
export function coreDefectXmlPage(store: ProjectStore, compiled: CompiledCollectionRequest, total: number, budget?: AnswerBudget): string {
  const seen = new Set<string>();
  const defs = (compiled.fields ? compiled.fields.map((name) => DEFECT.field(name)).filter((d) => d !== undefined) : DEFECT.fields).filter((def) => {
    if (seen.has(def.name)) return false;
    seen.add(def.name);
    return true;
  });
  const page = pageQuery('defects', defs.map(columnSql).join(', '), compiled);
  // Raw mode sticks to the cached statement; this column-list SQL is only ever run from here.
  const rows: unknown[][] = [];
  for (const row of store.statement(page.sql).raw(true).iterate(...page.params) as IterableIterator<unknown[]>) {
    // The answer budget (issue 14) counts the row's text as it is read: huge memos are a 413, not gigabytes.
    budget?.add(row.reduce((n: number, v) => n + (typeof v === 'string' ? v.length : 8), 0));
    rows.push(row);
  }
  if (rows.length === 0) return collectionXml([], total);
  const writers = defs.map(fieldWriter);
  const refs = new ReferenceNames(store);
  const entities = rows.map((row) => `<Entity Type="defect"><Fields>${writers.map((write, i) => write(row[i], refs)).join('')}</Fields><RelatedEntities/></Entity>`);
  return `${XML_DECLARATION}<Entities TotalResults="${total}">${entities.join('')}</Entities>`;
}
