// The XML library's setup, shared by every XML answer (Core entities and documents, error bodies,
// domain listings): fast-xml-parser's builder over plain trees (`@_` attributes, `#text` text), so
// values are escaped by the library and never concatenated into markup by hand.
//
// Escaping follows JAXB, the real ALM server's serializer, with its minimum escape handler: element
// text escapes only `&`, `<` and `>` (a quote needs no escape there), so memo HTML keeps its
// attribute quotes as they are. Attribute values escape the quotes too: the builder always escapes
// both `"` and `'` in attributes, one more than JAXB's `"`, which any XML reader still reads back.
// core.formats.test.ts checks both on pages and single entities.
import type * as Entities from '@nodable/entities' with { 'resolution-mode': 'import' };
import type { XmlBuilderOptions } from 'fast-xml-parser';
import { XMLBuilder } from 'fast-xml-parser';

// Besides `& < >`: characters no XML 1.0 document may hold, even as a reference (C0 controls but
// tab, newline, carriage return; U+FFFE/U+FFFF; lone surrogates). Writes refuse them; a value
// stored before (or by another tool) is sent with U+FFFD in their place, so every answer stays
// well-formed for strict XML readers (issue 28 item 8).
const NOT_XML = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const TEXT_RESERVED = new RegExp(`[&<>${NOT_XML}]|${LONE_SURROGATE}`);
const TEXT_RESERVED_ALL = new RegExp(TEXT_RESERVED.source, 'g');
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Every text and attribute value, as the builder hands it over (its value-processor hooks): `& < >`
 * escaped; the builder then escapes the quotes of attribute values itself. One test per value
 * instead of the builder's three replace() passes over every value (memos are kilobytes): a
 * 100-defect Core XML page took a fifth less time (bench/server).
 */
function escapeValue(_name: string, value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return TEXT_RESERVED.test(text) ? text.replace(TEXT_RESERVED_ALL, (ch) => ENTITIES[ch] ?? '\uFFFD') : text;
}

// `jPath` is read by the builder (fast-xml-builder) but missing from fast-xml-parser's types.
const builderOptions: XmlBuilderOptions & { jPath: boolean } = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  suppressEmptyNode: true,
  // Escaping is escapeValue's, through the hooks below, not the builder's entity list.
  processEntities: false,
  tagValueProcessor: escapeValue,
  attributeValueProcessor: escapeValue,
  // Callbacks get no path string: the builder would otherwise join the element path for every
  // element it writes (a fifth of a 100-defect Core XML page, bench/server).
  jPath: false,
};
const builder = new XMLBuilder(builderOptions);

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** Any XML document from a plain tree (`@_` attributes, `#text` text), with the declaration. */
export function xmlDocument(tree: Record<string, unknown>): string {
  return `${XML_DECLARATION}${builder.build(tree)}`;
}

/** Markup from a plain tree without the XML declaration (the HTML error page). */
export function xmlMarkup(tree: Record<string, unknown>): string {
  return builder.build(tree);
}

/** XML 1.0 §2.2 `Char`: the characters a document, and so a character reference, may hold. */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** A numeric character reference naming no character XML allows; readers answer it with a 400. */
export class BadCharacterReference extends Error {
  override name = 'BadCharacterReference';
}

/**
 * The parser's own entity decoder (the five XML entities, numeric references decoded), refusing
 * a reference to a character XML forbids (`&#0;`, a surrogate, a C0 control, past U+10FFFF),
 * which the decoder would drop silently or keep as text (issue 38 item 16). Only text and
 * attribute values reach it: `&#0;` inside CDATA is text, as XML says.
 */
// fast-xml-parser's own decoder; an ES module, required as Node 20.19+ allows (esbuild bundles it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EntityDecoder } = require('@nodable/entities') as typeof Entities;

export class XmlReferenceDecoder extends EntityDecoder {
  constructor() {
    super({ numericAllowed: true, ncr: { nullNCR: 'throw' } });
  }

  override decode(text: string): string {
    for (let at = text.indexOf('&#'); at >= 0; at = text.indexOf('&#', at + 2)) checkReference(text, at);
    return super.decode(text);
  }
}

function checkReference(text: string, at: number): void {
  const end = text.indexOf(';', at);
  const token = text.slice(at + 2, end < 0 || end - at > 12 ? at + 12 : end);
  const hex = token.startsWith('x');
  const digits = hex ? token.slice(1) : token;
  const cp = (hex ? /^[0-9a-fA-F]{1,6}$/ : /^[0-9]{1,7}$/).test(digits) ? parseInt(digits, hex ? 16 : 10) : NaN;
  if (end >= 0 && isXmlChar(cp)) return;
  const named = Number.isNaN(cp) ? '' : ` (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`;
  throw new BadCharacterReference(`The character reference &#${token};${named} names no character an XML document may hold (XML 1.0 §2.2): remove it from the value.`);
}
