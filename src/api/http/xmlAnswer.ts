// Answers that come as XML: resources some servers serve only in XML (26.1's `is-authenticated`,
// Core locks on 12.0x–12.2x; reference §16.1, §9.1) and servers that answer XML whatever was asked.
// The XML is read with a real parser, loaded on the first XML answer only, into the tree the JSON
// answers of the same resources have, so the dialect's readers serve both: attributes and child
// elements become members, repeated elements arrays, and Core's `<Entity>` the JSON entity envelope.
import type * as Entities from '@nodable/entities' with { 'resolution-mode': 'import' };
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
    parser = new Parser({ ...OPTIONS, entityDecoder: referenceDecoder() });
  }
  return parser;
}

/** A character reference naming no character XML allows: the answer is not well-formed. */
class BadCharacterReference extends Error {}

/** XML 1.0 §2.2 `Char`: the characters a document, and so a character reference, may hold. */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** Throws for the reference at `at` (`&#…;`) unless it names a character XML allows. */
function checkReference(text: string, at: number): void {
  const end = text.indexOf(';', at);
  const token = text.slice(at + 2, end < 0 || end - at > 12 ? at + 12 : end);
  const hex = token.startsWith('x');
  const digits = hex ? token.slice(1) : token;
  const cp = (hex ? /^[0-9a-fA-F]{1,6}$/ : /^[0-9]{1,7}$/).test(digits) ? parseInt(digits, hex ? 16 : 10) : NaN;
  if (end < 0 || !isXmlChar(cp)) throw new BadCharacterReference(`the character reference &#${token}; names no character XML allows`);
}

/**
 * fast-xml-parser's own entity decoder, with numeric references (`caf&#233;`) decoded as XML
 * says; one naming a character XML forbids (`&#0;`, a surrogate), which the decoder would drop
 * silently or keep as text, makes the answer not well-formed (issue 38 item 16).
 */
function referenceDecoder(): Entities.EntityDecoder {
  // An ES module, required as Node 20.19+ allows (esbuild bundles it).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EntityDecoder } = require('@nodable/entities') as typeof Entities;
  return new (class extends EntityDecoder {
    override decode(text: string): string {
      for (let at = text.indexOf('&#'); at >= 0; at = text.indexOf('&#', at + 2)) checkReference(text, at);
      return super.decode(text);
    }
  })({ numericAllowed: true, ncr: { nullNCR: 'throw' } });
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
