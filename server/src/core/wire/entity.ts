// The Core tree's entity model and its two wire forms (reference §4.1, §4.2, §15.12):
//   XML  <Entity Type="defect"><Fields><Field Name="…"><Value ReferenceValue="…">…</Value></Field></Fields></Entity>
//   JSON {"Fields":[{"Name":"…","values":[{"value":"…"}]}],"Type":"defect"}
// Every route of the Core tree renders and reads entities through this file, so the two formats
// can never drift apart. XML is written and read by fast-xml-parser: values are escaped by the
// library, never concatenated into markup by hand.
import type { XmlBuilderOptions } from 'fast-xml-parser';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { AlmError } from '../../errors';
import { XML_TEXT_ENTITIES } from './xmlEscape';

/** One value of a field; all Core values are strings. */
interface CoreValue {
  value: string;
  /** Display value of a reference (e.g. a release's name beside its id). */
  referenceValue?: string;
}

export interface CoreField {
  name: string;
  /** Empty for a field without a value; several for a multi-valued field. */
  values: CoreValue[];
}

export interface CoreEntity {
  type: string;
  fields: CoreField[];
}

export type CoreFormat = 'xml' | 'json';

/** The JSON form of one entity. */
export function entityJson(entity: CoreEntity): Record<string, unknown> {
  return {
    Fields: entity.fields.map((f) => ({
      Name: f.name,
      values: f.values.map((v) => (v.referenceValue === undefined ? { value: v.value } : { value: v.value, ReferenceValue: v.referenceValue })),
    })),
    Type: entity.type,
  };
}

/** The JSON form of a collection page. */
function collectionJson(entities: readonly CoreEntity[], total: number): Record<string, unknown> {
  return { entities: entities.map(entityJson), TotalResults: total };
}

// `entities` is read by the builder (its default lists all five) but missing from its types; the
// unit test of xmlBytes.test.ts fails if a new version stops honouring it.
const builderOptions: XmlBuilderOptions & { entities: { regex: RegExp; val: string }[] } = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  suppressEmptyNode: true,
  processEntities: true,
  // Text escapes `& < >` only, as real servers write it (xmlEscape.ts); attributes also escape quotes.
  entities: [...XML_TEXT_ENTITIES],
};
const builder = new XMLBuilder(builderOptions);

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** The builder's tree of one `<Entity>` element. */
export function entityNode(entity: CoreEntity): Record<string, unknown> {
  return {
    '@_Type': entity.type,
    Fields: {
      Field: entity.fields.map((f) => ({
        '@_Name': f.name,
        Value: f.values.map((v) => (v.referenceValue === undefined ? { '#text': v.value } : { '#text': v.value, '@_ReferenceValue': v.referenceValue })),
      })),
    },
    RelatedEntities: '',
  };
}

/** Any XML document from a plain tree (`@_` attributes, `#text` text), with the declaration. */
export function xmlDocument(tree: Record<string, unknown>): string {
  return `${XML_DECLARATION}${builder.build(tree)}`;
}

/** Markup from a plain tree without the XML declaration (the HTML error page). */
export function xmlMarkup(tree: Record<string, unknown>): string {
  return builder.build(tree);
}

export function entityXml(entity: CoreEntity): string {
  return xmlDocument({ Entity: entityNode(entity) });
}

export function collectionXml(entities: readonly CoreEntity[], total: number): string {
  return xmlDocument({ Entities: { '@_TotalResults': String(total), Entity: entities.map(entityNode) } });
}

/** One entity in the requested format, with its content type. */
export function renderEntity(entity: CoreEntity, format: CoreFormat): { type: string; body: string } {
  return format === 'json' ? { type: 'application/json; charset=utf-8', body: JSON.stringify(entityJson(entity)) } : { type: 'application/xml; charset=utf-8', body: entityXml(entity) };
}

export function renderCollection(entities: readonly CoreEntity[], total: number, format: CoreFormat): { type: string; body: string } {
  return format === 'json'
    ? { type: 'application/json; charset=utf-8', body: JSON.stringify(collectionJson(entities, total)) }
    : { type: 'application/xml; charset=utf-8', body: collectionXml(entities, total) };
}

// ---------------------------------------------------------------------------------------------
// Reading request bodies

/** What a write body held: one entity, or the bulk form (`<Entities>`, `{"entities":[…]}`). */
export interface ParsedEntities {
  bulk: boolean;
  entities: CoreEntity[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'Entity' || name === 'Field' || name === 'Value',
});

function badBody(detail: string): AlmError {
  return new AlmError(
    400,
    'qccore.general-error',
    `${detail} Send <Entity Type="defect"><Fields><Field Name="name"><Value>…</Value></Field></Fields></Entity> or {"Fields":[{"Name":"name","values":[{"value":"…"}]}],"Type":"defect"}.`,
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A JSON or XML write body as Core entities. `body` is the parsed JSON value or the raw XML text. */
export function parseEntities(body: unknown, expectedType: string): ParsedEntities {
  if (typeof body === 'string') return parseXmlEntities(body, expectedType);
  if (!isRecord(body)) throw badBody('The request body is not an entity.');
  if ('entities' in body) {
    if (!Array.isArray(body.entities)) throw badBody('"entities" must be an array.');
    return { bulk: true, entities: body.entities.map((e, i) => jsonEntity(e, expectedType, `entities[${i}]: `)) };
  }
  return { bulk: false, entities: [jsonEntity(body, expectedType, '')] };
}

function jsonEntity(raw: unknown, expectedType: string, where: string): CoreEntity {
  if (!isRecord(raw)) throw badBody(`${where}Expected an entity object.`);
  const type = checkType(raw.Type ?? raw.type, expectedType, where);
  const fields = raw.Fields ?? raw.fields;
  if (!Array.isArray(fields)) throw badBody(`${where}"Fields" must be an array of {"Name","values"}.`);
  return {
    type,
    fields: fields.map((f, i) => {
      if (!isRecord(f) || typeof (f.Name ?? f.name) !== 'string') throw badBody(`${where}Fields[${i}] needs a string "Name".`);
      const values = f.values ?? f.Values ?? [];
      if (!Array.isArray(values)) throw badBody(`${where}Fields[${i}].values must be an array of {"value":"…"}.`);
      return {
        name: String(f.Name ?? f.name),
        values: values
          // `[{}]` is one of the two documented spellings of "no value" (reference §4.2).
          .filter((v) => !(isRecord(v) && Object.keys(v).length === 0))
          .map((v: unknown, j) => {
            const value = isRecord(v) ? v.value : v;
            if (value === null || value === undefined) return { value: '' };
            if (typeof value === 'object') throw badBody(`${where}Fields[${i}].values[${j}].value must be a string.`);
            // A number or boolean reads as JSON writes it.
            return { value: typeof value === 'string' ? value : JSON.stringify(value) };
          }),
      };
    }),
  };
}

function checkType(raw: unknown, expectedType: string, where: string): string {
  // Some clients (Jenkins' plugin) send <Entity> without Type; the URL names the collection.
  if (raw === undefined || raw === null || raw === '') return expectedType;
  if (raw !== expectedType) throw new AlmError(400, 'qccore.general-error', `${where}Entity type must be '${expectedType}', got '${typeof raw === 'string' ? raw : JSON.stringify(raw)}'.`);
  return expectedType;
}

function parseXmlEntities(text: string, expectedType: string): ParsedEntities {
  // Entity declarations are how XML bombs work; no ALM client sends a DOCTYPE.
  if (/<!DOCTYPE/i.test(text)) throw badBody('XML bodies with a DOCTYPE are refused.');
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text, true) as Record<string, unknown>;
  } catch (err) {
    throw badBody(`Malformed XML: ${(err as Error).message.split('\n')[0]}.`);
  }
  if (isRecord(doc.Entities)) {
    const list = doc.Entities.Entity;
    return { bulk: true, entities: (Array.isArray(list) ? list : []).map((e, i) => xmlEntity(e, expectedType, `Entity[${i}]: `)) };
  }
  const single = doc.Entity;
  if (Array.isArray(single) && single.length === 1) return { bulk: false, entities: [xmlEntity(single[0], expectedType, '')] };
  throw badBody('The XML body has no <Entity> or <Entities> root.');
}

function xmlEntity(raw: unknown, expectedType: string, where: string): CoreEntity {
  const node = isRecord(raw) ? raw : {};
  const type = checkType(node['@_Type'], expectedType, where);
  const fieldsNode = node.Fields;
  const list = isRecord(fieldsNode) && Array.isArray(fieldsNode.Field) ? fieldsNode.Field : [];
  return {
    type,
    fields: list.map((f, i) => {
      if (!isRecord(f) || typeof f['@_Name'] !== 'string') throw badBody(`${where}Field ${i + 1} needs a Name attribute.`);
      const values = Array.isArray(f.Value) ? f.Value : [];
      return {
        name: f['@_Name'],
        values: values.map((v) => ({ value: isRecord(v) ? String((v['#text'] as string | undefined) ?? '') : String(v as string) })),
      };
    }),
  };
}
