// Answers that come as XML: resources some servers serve only in XML (26.1's `is-authenticated`,
// Core locks on 12.0x–12.2x; reference §16.1, §9.1) and servers that answer XML whatever was asked.
// The XML is read with a real parser, loaded on the first XML answer only, into the tree the JSON
// answers of the same resources have, so the dialect's readers serve both: attributes and child
// elements become members, repeated elements arrays, and Core's `<Entity>` the JSON entity envelope.
import type * as FastXmlParser from 'fast-xml-parser';
import type { X2jOptions, XMLParser } from 'fast-xml-parser';
import { isRecord } from '../dialect/coreValues';
import { UnexpectedAnswerError } from '../errors';

type XmlNode = Record<string, unknown>;

const OPTIONS: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'Entity' || name === 'Value',
};

let parser: XMLParser | undefined;

function xmlParser(): XMLParser {
  if (!parser) {
    // Loaded here rather than at the top: most servers never send XML, and the extension starts without it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { XMLParser: Parser } = require('fast-xml-parser') as typeof FastXmlParser;
    parser = new Parser(OPTIONS);
  }
  return parser;
}

/** Whether an answer is XML, by its content type or, where none was sent, by its first character. */
export function isXmlAnswer(contentType: string | string[] | undefined, text: string): boolean {
  const type = (Array.isArray(contentType) ? contentType[0] : contentType)?.toLowerCase() ?? '';
  if (type.includes('json')) return false;
  return type.includes('xml') || (!type && text.trimStart().startsWith('<'));
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v];
}

/** `<Value>` text, whether the element has attributes (`ReferenceValue`) or not. */
function valueText(v: unknown): string {
  if (isRecord(v)) return typeof v['#text'] === 'string' ? v['#text'] : '';
  return typeof v === 'string' ? v : '';
}

/** `<Entity Type><Fields><Field Name><Value>…` as `{"Fields":[{"Name","values":[{"value"}]}],"Type"}`. */
function entityEnvelope(e: unknown): XmlNode {
  const node = isRecord(e) ? e : {};
  const fields = isRecord(node.Fields) ? asList(node.Fields.Field) : [];
  return {
    Fields: fields.filter(isRecord).map((f) => ({ Name: f.Name, values: asList(f.Value).map((v) => ({ value: valueText(v) })) })),
    Type: node.Type,
  };
}

function totalOf(v: unknown): number | undefined {
  return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
}

/** The parsed XML of an answer, shaped like the same resource's JSON answer. */
export function parseXmlAnswer(text: string, what: string): unknown {
  // REST answers never declare a DTD; one here could only be an entity-expansion attack.
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) throw new UnexpectedAnswerError(`The server's XML answer to ${what} declares a DTD; it was not read.`);
  let root: unknown;
  try {
    root = xmlParser().parse(text, true);
  } catch (e) {
    throw new UnexpectedAnswerError(`The server's answer to ${what} is not well-formed XML (${e instanceof Error ? e.message.split('\n')[0] : String(e)}).`);
  }
  if (!isRecord(root)) return undefined;
  const top: XmlNode = { ...root };
  delete top['?xml'];
  if (isRecord(top.Entities)) {
    return { entities: asList(top.Entities.Entity).map(entityEnvelope), TotalResults: totalOf(top.Entities.TotalResults) };
  }
  if (Array.isArray(top.Entity)) return entityEnvelope(top.Entity[0]);
  return top;
}
