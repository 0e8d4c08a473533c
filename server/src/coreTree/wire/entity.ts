// The Core tree's entity model (reference §4.1, §4.2, §15.12) and the choice of its wire form:
//   XML  <Entity Type="defect"><Fields><Field Name="…"><Value ReferenceValue="…">…</Value></Field></Fields></Entity>
//   JSON {"Fields":[{"Name":"…","values":[{"value":"…"}]}],"Type":"defect"}
// Every route of the Core tree renders and reads entities through this folder: each form has one
// writer and one reader (json.ts, xml.ts), so a shape learnt from a real server is changed once.
import type { CoreEntity, CoreFormat, Envelope, ParsedEntities } from './model';
import { collectionJson, entityJson, jsonEntities } from './json';
import { collectionXml, entityXml, xmlEntities } from './xml';

export type { CoreEntity, CoreField, CoreFormat, Envelope, ParsedEntities } from './model';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/** One entity in the requested format, with its content type; `envelope` is the release line's (the server's profile). */
export function renderEntity(entity: CoreEntity, format: CoreFormat, envelope: Envelope): { type: string; body: string } {
  return format === 'json' ? { type: JSON_TYPE, body: JSON.stringify(entityJson(entity, envelope, 'single')) } : { type: XML_TYPE, body: entityXml(entity, envelope) };
}

/** A collection page (`TotalResults` = `total`) in the requested format, with its content type. */
export function renderCollection(entities: readonly CoreEntity[], total: number, format: CoreFormat, envelope: Envelope): { type: string; body: string } {
  return format === 'json' ? { type: JSON_TYPE, body: JSON.stringify(collectionJson(entities, total, envelope)) } : { type: XML_TYPE, body: collectionXml(entities, total, envelope) };
}

/** A JSON or XML write body as Core entities. `body` is the parsed JSON value or the raw XML text. */
export function parseEntities(body: unknown, expectedType: string): ParsedEntities {
  return typeof body === 'string' ? xmlEntities(body, expectedType) : jsonEntities(body, expectedType);
}
