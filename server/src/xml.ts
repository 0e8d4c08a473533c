// The XML library's setup, shared by every XML answer (Core entities and documents, error bodies,
// domain listings): fast-xml-parser's builder over plain trees (`@_` attributes, `#text` text), so
// values are escaped by the library and never concatenated into markup by hand.
//
// Escaping follows JAXB, the real ALM server's serializer, with its minimum escape handler: element
// text escapes only `&`, `<` and `>` (a quote needs no escape there), so memo HTML keeps its
// attribute quotes as they are. Attribute values escape the quotes too: the builder always escapes
// both `"` and `'` in attributes, one more than JAXB's `"`, which any XML reader still reads back.
import type { XmlBuilderOptions } from 'fast-xml-parser';
import { XMLBuilder } from 'fast-xml-parser';

// `entities` is read by the builder (its default lists all five) but missing from its types;
// core.formats.test.ts fails if a new version stops honouring it (quotes in text would be escaped).
const builderOptions: XmlBuilderOptions & { entities: { regex: RegExp; val: string }[] } = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  suppressEmptyNode: true,
  processEntities: true,
  // What the builder replaces in text and, before quoting, in attributes. `&` first.
  entities: [
    { regex: /&/g, val: '&amp;' },
    { regex: /</g, val: '&lt;' },
    { regex: />/g, val: '&gt;' },
  ],
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
