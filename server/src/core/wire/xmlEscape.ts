// How Core XML escapes values: as JAXB, the real ALM server's serializer, does with its minimum
// escape handler. Element text escapes only `&`, `<` and `>` (a quote needs no escape there), so
// memo HTML keeps its attribute quotes as they are, and a page is a third smaller than with all
// five entities. Attribute values escape the quotes too: fast-xml-parser's builder always escapes
// both `"` and `'` in attributes, one more than JAXB's `"`, which is still what any XML reader
// reads back. The library (entity.ts) and the page writer (xml.ts, xmlBytes.ts, xmlSql.ts) take
// these rules from here; test/unit/server/xmlBytes.test.ts and core.formats.test.ts compare them.

/** The builder's `entities` option: what it replaces in text and, before quoting, in attributes. `&` first. */
export const XML_TEXT_ENTITIES: readonly { regex: RegExp; val: string }[] = [
  { regex: /&/g, val: '&amp;' },
  { regex: /</g, val: '&lt;' },
  { regex: />/g, val: '&gt;' },
];

const TEXT_RESERVED = /[&<>]/;
const TEXT_RESERVED_ALL = /[&<>]/g;
const ATTRIBUTE_RESERVED = /[&<>"']/;
const ATTRIBUTE_RESERVED_ALL = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Element text as the builder writes it. */
export function escapeXmlText(text: string): string {
  return TEXT_RESERVED.test(text) ? text.replace(TEXT_RESERVED_ALL, (ch) => ENTITIES[ch]) : text;
}

/** An attribute value as the builder writes it (without the quotes around it). */
export function escapeXmlAttribute(text: string): string {
  return ATTRIBUTE_RESERVED.test(text) ? text.replace(ATTRIBUTE_RESERVED_ALL, (ch) => ENTITIES[ch]) : text;
}
