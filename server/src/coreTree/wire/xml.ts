// Core XML: the one writer and reader of entities and pages in XML (reference §4.1), through
// fast-xml-parser (server/src/xml.ts holds the builder's setup and escaping rules).
//   <Entity Type="defect"><Fields><Field Name="…"><Value ReferenceValue="…">…</Value></Field></Fields><RelatedEntities/></Entity>
//   page: <Entities TotalResults="n"><Entity>…</Entity>…</Entities>
import { XMLParser } from 'fast-xml-parser';
import { AlmError } from '../../errors';
import { BadCharacterReference, XmlReferenceDecoder, xmlDocument } from '../../xml';
import type { CoreEntity, Envelope, ParsedEntities } from './model';
import { PLAIN_ENVELOPE, badBody, checkType, shownValue, writtenBlank } from './model';

/** The builder's tree of one `<Entity>` element. */
export function entityNode(entity: CoreEntity, envelope: Envelope = PLAIN_ENVELOPE): Record<string, unknown> {
  // 26.1 writes the status attributes and ChildrenCount on every XML entity (reference §16.2).
  const status = envelope.entityStatus ? { '@_EntityStatus': 'Success', '@_ErrorMessage': '', '@_Type': entity.type, ChildrenCount: { Value: '0' } } : { '@_Type': entity.type };
  return {
    ...status,
    Fields: {
      Field: entity.fields.map((f) => ({
        '@_Name': f.name,
        // A plain value as the element's text: the builder writes a string without walking an object.
        Value: writtenBlank(f, envelope)
          ? ['']
          : f.values.map((v) => {
              const value = shownValue(f, v.value, envelope);
              return v.referenceValue === undefined || !envelope.referenceValues ? value : { '#text': value, '@_ReferenceValue': v.referenceValue };
            }),
      })),
    },
    RelatedEntities: '',
  };
}

export function entityXml(entity: CoreEntity, envelope: Envelope = PLAIN_ENVELOPE): string {
  return xmlDocument({ Entity: entityNode(entity, envelope) });
}

export function collectionXml(entities: readonly CoreEntity[], total: number, envelope: Envelope = PLAIN_ENVELOPE): string {
  return xmlDocument({ Entities: { '@_TotalResults': String(total), Entity: entities.map((e) => entityNode(e, envelope)) } });
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
  // Numeric references (`caf&#233;`) decoded, and invalid ones refused, by the parser's decoder.
  entityDecoder: new XmlReferenceDecoder(),
  isArray: (name) => name === 'Entity' || name === 'Field' || name === 'Value',
});

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An XML write body: one `<Entity>`, or `<Entities>`. */
export function xmlEntities(text: string, expectedType: string): ParsedEntities {
  // Entity declarations are how XML bombs work; no ALM client sends a DOCTYPE.
  if (/<!DOCTYPE/i.test(text)) throw badBody('XML bodies with a DOCTYPE are refused.');
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text, true) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof BadCharacterReference) throw new AlmError(400, 'qccore.general-error', err.message);
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
