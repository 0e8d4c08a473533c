// Helpers for the Core `/rest` tree's tests: its paths, and its XML and JSON entities read into
// plain `{field: values[]}` maps with a real XML parser, so tests assert on values, not on markup.
import { XMLParser } from 'fast-xml-parser';
import { openProjectDb } from '../../support/server';
import { text } from '../../support/text';

export const CORE = '/rest/domains/DEFAULT/projects/Demo';
export const XML = { Accept: 'application/xml' };
export const JSON_ = { Accept: 'application/json' };

type Fields = Record<string, string[]>;

export interface ParsedEntity {
  type: string;
  fields: Fields;
  /** ReferenceValue per field, where one was sent. */
  refs: Record<string, string>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['Entity', 'Field', 'Value', 'Domain', 'Project', 'BulkEntry', 'ExceptionProperty'].includes(name),
});

export function parseXml(text: string): Record<string, unknown> {
  return parser.parse(text) as Record<string, unknown>;
}

type Node = Record<string, unknown>;

function xmlEntity(node: Node): ParsedEntity {
  const fields: Fields = {};
  const refs: Record<string, string> = {};
  for (const f of ((node.Fields as Node | undefined)?.Field as Node[] | undefined) ?? []) {
    const name = f['@_Name'] as string;
    const values = (f.Value as (Node | string)[] | undefined) ?? [];
    fields[name] = values.map((v) => (typeof v === 'string' ? v : text(v['#text'])));
    const ref = values.find((v): v is Node => typeof v === 'object' && '@_ReferenceValue' in v);
    if (ref) refs[name] = ref['@_ReferenceValue'] as string;
  }
  return { type: node['@_Type'] as string, fields, refs };
}

export function xmlEntityOf(text: string): ParsedEntity {
  const doc = parseXml(text);
  return xmlEntity(((doc.Entity as Node[]) ?? [])[0]);
}

export function xmlCollection(text: string): { total: number; entities: ParsedEntity[] } {
  const root = parseXml(text).Entities as Node;
  return { total: Number(root['@_TotalResults']), entities: ((root.Entity as Node[] | undefined) ?? []).map(xmlEntity) };
}

interface JsonEntity {
  Type: string;
  Fields: { Name: string; values: { value?: string; ReferenceValue?: string }[] }[];
}

export function jsonEntity(e: JsonEntity): ParsedEntity {
  const fields: Fields = {};
  const refs: Record<string, string> = {};
  for (const f of e.Fields) {
    fields[f.Name] = f.values.map((v) => v.value ?? '');
    const ref = f.values.find((v) => v.ReferenceValue !== undefined);
    if (ref?.ReferenceValue !== undefined) refs[f.Name] = ref.ReferenceValue;
  }
  return { type: e.Type, fields, refs };
}

export function jsonCollection(body: { entities: JsonEntity[]; TotalResults: number }): { total: number; entities: ParsedEntity[] } {
  return { total: body.TotalResults, entities: body.entities.map(jsonEntity) };
}

/** A Core JSON write body from a plain map (arrays give several values). */
export function coreJson(fields: Record<string, string | string[]>, type = 'defect'): JsonEntity {
  return { Type: type, Fields: Object.entries(fields).map(([Name, v]) => ({ Name, values: (Array.isArray(v) ? v : [v]).map((value) => ({ value })) })) };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A Core XML write body from a plain map (test input, escaped). */
export function coreXml(fields: Record<string, string | string[]>, type: string | null = 'defect'): string {
  const body = Object.entries(fields)
    .map(([name, v]) => `<Field Name="${escapeXml(name)}">${(Array.isArray(v) ? v : [v]).map((x) => `<Value>${escapeXml(x)}</Value>`).join('')}</Field>`)
    .join('');
  return `<Entity${type === null ? '' : ` Type="${type}"`}><Fields>${body}</Fields></Entity>`;
}

/** Every stored defect row, to assert that a refused request changed nothing. */
export function allDefects(dataDir: string): unknown[] {
  const db = openProjectDb(dataDir);
  try {
    return db.prepare('SELECT * FROM defects ORDER BY "id"').all();
  } finally {
    db.close();
  }
}

/** Ids of the defects `query` selects, straight from SQLite. */
export function storedIds(dataDir: string, where = '1=1', ...params: unknown[]): number[] {
  const db = openProjectDb(dataDir);
  try {
    return (db.prepare(`SELECT "id" FROM defects WHERE ${where} ORDER BY "id"`).all(...params) as { id: number }[]).map((r) => r.id);
  } finally {
    db.close();
  }
}
