// Core XML of a page of defects. A 100-defect page is about 5,000 elements; fast-xml-parser's
// XMLBuilder spent 5–7× the whole api page's time on its per-element bookkeeping (bench/server),
// and building the page as a JS string from every column cost three times the api page: reading
// 4,600 values into strings, escaping them, then measuring and encoding the string to send it. So,
// as for the JSON page, SQLite writes the plain fields' elements as bytes (xmlSql.ts), and this
// file writes the rest into the same UTF-8 buffer (memos escaped byte by byte, xmlBytes.ts) that
// is sent as it is. Single entities, errors and every other document still go through the library
// (wire/entity.ts).
//
// Every value is escaped exactly as the library escapes it (wire/xmlEscape.ts: `& < >` in text,
// quotes too in the ReferenceValue attribute, the one attribute holding user text); the only text
// not escaped is the catalog's field names, checked to be plain. The output equals
// `entityXml(defectEntity(…))`: test/integration/server/core.formats.test.ts compares the two for
// every demo defect and hostile values, and parses the page back.
import { CATALOGS } from '../../metadata/catalog';
import type { FieldDef } from '../../metadata/types';
import type { AnswerBudget } from '../../limits';
import type { ProjectStore } from '../../store/project';
import type { CompiledCollectionRequest } from '../../query/index';
import { pageQuery } from '../../query/index';
import { XML_DECLARATION, collectionXml } from '../wire/entity';
import { escapeXmlAttribute, escapeXmlText } from '../wire/xmlEscape';
import { ReferenceNames, referenceTable } from './convert';
import { XmlByteWriter } from './xmlBytes';
import { XML_ESCAPES_JOIN, fieldsRunSql, rawColumnSql, writtenInJs } from './xmlSql';

const DEFECT = CATALOGS.defects;
const SAFE_NAME = /^[a-z0-9-]+$/;

function valueXml(text: string, referenceValue?: string): string {
  const open = referenceValue === undefined ? '<Value' : `<Value ReferenceValue="${escapeXmlAttribute(referenceValue)}"`;
  return text === '' ? `${open}/>` : `${open}>${escapeXmlText(text)}</Value>`;
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
        list = typeof value === 'string' ? (JSON.parse(value) as unknown) : [value];
      } catch {
        list = [value];
      }
      const values: unknown[] = Array.isArray(list) ? list : [value];
      return values.length === 0 ? empty : `${open}${values.map((v) => valueXml(String(v))).join('')}</Field>`;
    };
  }
  const table = referenceTable(def);
  return (value, refs) => {
    if (value === null || value === undefined) return empty;
    const reference = table && typeof value === 'number' ? refs.name(table, value) : undefined;
    return `${open}${valueXml(typeof value === 'string' ? value : JSON.stringify(value), reference)}</Field>`;
  };
}

/** Writes a JavaScript-written field of a row (xmlSql.ts says which) from its raw column; made per page. */
type RawFieldWriter = (value: unknown, out: XmlByteWriter) => void;

function memoWriter(def: FieldDef): RawFieldWriter {
  const open = Buffer.from(`<Field Name="${def.name}"><Value>`);
  const close = Buffer.from('</Value></Field>');
  const empty = Buffer.from(`<Field Name="${def.name}"/>`);
  const blank = Buffer.from(`<Field Name="${def.name}"><Value/></Field>`);
  return (value, out) => {
    if (value === null || value === undefined) return out.bytes(empty);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text.length === 0) return out.bytes(blank);
    out.bytes(open);
    out.escapedText(text);
    out.bytes(close);
  };
}

/**
 * A field whose element is the same for every row holding the same stored value — a reference's id,
 * or a multi-valued field's list (JSON text), one of a few — is written once a page and copied after.
 * Values of another type than `key` accepts are written each time.
 */
function repeatedValueWriter<K extends number | string>(def: FieldDef, refs: ReferenceNames, isKey: (value: unknown) => value is K): RawFieldWriter {
  const write = fieldWriter(def);
  const empty = Buffer.from(`<Field Name="${def.name}"/>`);
  const byValue = new Map<K, Buffer>();
  return (value, out) => {
    if (value === null || value === undefined) return out.bytes(empty);
    if (!isKey(value)) return out.text(write(value, refs));
    let element = byValue.get(value);
    if (!element) {
      element = Buffer.from(write(value, refs));
      // A page of a few thousand distinct values keeps them all; past that, the rest are written each time.
      if (byValue.size < 4096) byValue.set(value, element);
    }
    out.bytes(element);
  };
}

const isId = (value: unknown): value is number => typeof value === 'number';
const isText = (value: unknown): value is string => typeof value === 'string';

function rawFieldWriter(def: FieldDef, refs: ReferenceNames): RawFieldWriter {
  if (def.dataType === 'Memo') return memoWriter(def);
  if (referenceTable(def)) return repeatedValueWriter(def, refs, isId);
  if (def.multiple) return repeatedValueWriter(def, refs, isText);
  const write = fieldWriter(def);
  return (value, out) => out.text(write(value, refs));
}

/** What a column of the page query holds: a run of SQL-written fields, or one field's raw value. */
type PageColumn = FieldDef | 'run';

/** The page query's select list for a selection of fields, and what each column holds. */
interface PagePlan {
  sql: string;
  columns: PageColumn[];
}

/** Plans by `fields=` selection (null: all): the SQL text is tens of kilobytes, built once. */
const plans = new Map<string, PagePlan>();
const MAX_PLANS = 64;

function pagePlan(defs: readonly FieldDef[]): PagePlan {
  const key = defs.map((def) => def.name).join(',');
  const kept = plans.get(key);
  if (kept) return kept;
  const sql: string[] = [];
  const columns: PageColumn[] = [];
  let run: FieldDef[] = [];
  const endRun = (): void => {
    if (run.length === 0) return;
    sql.push(fieldsRunSql(run));
    columns.push('run');
    run = [];
  };
  for (const def of defs) {
    if (!writtenInJs(def)) {
      run.push(def);
      continue;
    }
    endRun();
    sql.push(rawColumnSql(def));
    columns.push(def);
  }
  endRun();
  const plan = { sql: sql.join(', '), columns };
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value as string);
  plans.set(key, plan);
  return plan;
}

const ENTITY_OPEN = Buffer.from('<Entity Type="defect"><Fields>');
const ENTITY_CLOSE = Buffer.from('</Fields><RelatedEntities/></Entity>');
const PAGE_CLOSE = Buffer.from('</Entities>');

/** Bytes of a row's columns, for the answer budget. */
function rowSize(row: readonly unknown[]): number {
  let size = 0;
  for (const value of row) size += value instanceof Uint8Array || typeof value === 'string' ? value.length : 8;
  return size;
}

/** The `<Entities>` document of a page as UTF-8: the same rows, order and total as the JSON page. */
export function coreDefectXmlPage(store: ProjectStore, compiled: CompiledCollectionRequest, total: number, budget?: AnswerBudget): Buffer {
  const defs = DEFECT.selected(compiled.fields);
  if (defs.length === 0) throw new Error('A Core page needs at least one field.');
  const plan = pagePlan(defs);
  const refs = new ReferenceNames(store);
  const writers = plan.columns.map((column) => (column === 'run' ? column : rawFieldWriter(column, refs)));
  const page = pageQuery('defects', plan.sql, compiled, XML_ESCAPES_JOIN);
  // About 4 KB a defect (the demo's pages hold 3.7 KB each) saves growing the buffer on most pages.
  const out = new XmlByteWriter(Math.min(Math.max(compiled.limit, 1) * 4096, 1024 * 1024));
  out.text(`${XML_DECLARATION}<Entities TotalResults="${total}">`);
  let rows = 0;
  // Raw mode sticks to the cached statement; this column-list SQL is only ever run from here.
  for (const row of store
    .statement(page.sql)
    .raw(true)
    .iterate(...page.params) as IterableIterator<unknown[]>) {
    // The answer budget (issue 14) counts the row as it is read: huge memos are a 413, not gigabytes.
    budget?.add(rowSize(row));
    out.bytes(ENTITY_OPEN);
    for (let i = 0; i < writers.length; i++) {
      const write = writers[i];
      if (write === 'run') out.text(row[i] as string);
      else write(row[i], out);
    }
    out.bytes(ENTITY_CLOSE);
    rows++;
  }
  if (rows === 0) return Buffer.from(collectionXml([], total));
  out.bytes(PAGE_CLOSE);
  return out.result();
}
