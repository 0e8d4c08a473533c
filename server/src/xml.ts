// The XML library's setup, shared by every XML answer (Core entities and documents, error bodies,
// domain listings): fast-xml-parser's builder over plain trees (`@_` attributes, `#text` text), so
// values are escaped by the library and never concatenated into markup by hand.
//
// Escaping follows JAXB, the real ALM server's serializer, with its minimum escape handler: element
// text escapes only `&`, `<` and `>` (a quote needs no escape there), so memo HTML keeps its
// attribute quotes as they are. Attribute values escape the quotes too: the builder always escapes
// both `"` and `'` in attributes, one more than JAXB's `"`, which any XML reader still reads back.
// core.formats.test.ts checks both on pages and single entities.
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
