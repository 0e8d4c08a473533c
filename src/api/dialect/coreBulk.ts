// The bodies of a Core bulk PUT, in the forms the server documents for it (reference §4.2, §16.4:
// the 26.1 resource list names `application/json;type=collection` and `application/xml;type=collection`
// for bulk writes on `defects`; the same `{"entities":[…]}` sent as plain `application/json` got a
// 500 from a live 26.1, and `<Entities>` as plain `application/xml` a 400). The XML is written by a
// real XML builder, loaded only when a server refused the JSON form.
import type * as FastXmlParser from 'fast-xml-parser';
import type { BulkBody } from './dialect';
import { entityEnvelope } from './coreValues';

type Items = readonly { id: number; changes: Record<string, unknown> }[];

function envelopes(type: string, items: Items) {
  return items.map((i) => entityEnvelope(type, { id: i.id, ...i.changes }));
}

function xmlCollection(type: string, items: Items): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { XMLBuilder } = require('fast-xml-parser') as typeof FastXmlParser;
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });
  const Entity = envelopes(type, items).map((e) => ({
    '@_Type': e.Type,
    // A field without values is written `<Field Name="x"/>`: the documented way to clear it.
    Fields: { Field: e.Fields.map((f) => ({ '@_Name': f.Name, ...(f.values.length ? { Value: f.values.map((v) => v.value) } : {}) })) },
  }));
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ Entities: { Entity } })}`;
}

/** The JSON collection form first, the XML one where the server does not take JSON. */
export function coreBulkBodies(type: string, items: Items): BulkBody[] {
  return [
    { form: 'json-collection', contentType: 'application/json;type=collection', text: () => JSON.stringify({ entities: envelopes(type, items) }) },
    { form: 'xml-collection', contentType: 'application/xml;type=collection', text: () => xmlCollection(type, items) },
  ];
}
