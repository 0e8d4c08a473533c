// What parsing an XML body may cost (issue 28 item 2). fast-xml-parser's time grows with the
// number of elements, attributes and entity references, and faster than linearly with the
// attributes of one element (a million on one element took 23 s on 11.9 MB). One linear scan
// counts them before the parser sees the body, and refuses a body past any bound with a 413
// naming it; an entity write never needs more than a few elements per field.
import { AlmError } from './errors';

export interface XmlCostBounds {
  /** Elements in the whole document. */
  maxElements: number;
  /** Attributes on one element (Core entities use one or two: Type, Name, ReferenceValue). */
  maxAttributesPerElement: number;
  /** Attributes in the whole document. */
  maxAttributes: number;
  /** Characters of one attribute value (names and types are short; values travel as text). */
  maxAttributeChars: number;
  /** Entity and character references (`&amp;`, `&#60;`) in the whole document. */
  maxEntityReferences: number;
}

const GT = 0x3e;
const QUOT = 0x22;
const APOS = 0x27;
const EQ = 0x3d;

function tooCostly(what: string, limit: number): AlmError {
  return new AlmError(413, 'qccore.general-error', `The XML body has more than ${limit} ${what}; an ALM entity body needs far fewer. Send fewer entities or fields in one request.`, [
    { Name: 'maximum', Value: limit },
  ]);
}

/** Where `<!--`, `<![CDATA[`, `<?` and other `<!` constructs end, so their content is not counted as markup. */
function skipSpecial(text: string, at: number): number {
  const close = text.startsWith('<!--', at) ? '-->' : text.startsWith('<![CDATA[', at) ? ']]>' : text[at + 1] === '?' ? '?>' : '>';
  const end = text.indexOf(close, at + 2);
  return end < 0 ? text.length : end + close.length;
}

/** Counts the attributes of the tag starting at `at` (just after its name); returns where the tag ends. */
function scanTag(text: string, at: number, bounds: XmlCostBounds, totals: Totals): number {
  let attributes = 0;
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === GT) return i + 1;
    if (c === EQ) {
      if (++attributes > bounds.maxAttributesPerElement) throw tooCostly('attributes on one element', bounds.maxAttributesPerElement);
      if (++totals.attributes > bounds.maxAttributes) throw tooCostly('attributes', bounds.maxAttributes);
    } else if (c === QUOT || c === APOS) {
      const end = text.indexOf(c === QUOT ? '"' : "'", i + 1);
      const stop = end < 0 ? text.length : end;
      if (stop - i - 1 > bounds.maxAttributeChars) throw tooCostly('characters in one attribute value', bounds.maxAttributeChars);
      totals.countReferences(i + 1, stop);
      i = stop + 1;
      continue;
    }
    i++;
  }
  return i;
}

/** Running counts over one document; references are found with indexOf, each `&` once. */
class Totals {
  attributes = 0;
  private references = 0;
  /** The next `&` at or after the last position asked for (-1: none left). */
  private nextAmp = -2;

  constructor(
    private readonly text: string,
    private readonly bounds: XmlCostBounds,
  ) {}

  /** Counts the `&` in [from, to); each search starts past the last one found, so the whole scan stays linear. */
  countReferences(from: number, to: number): void {
    for (;;) {
      if (this.nextAmp !== -1 && this.nextAmp < from) this.nextAmp = this.text.indexOf('&', from);
      if (this.nextAmp < 0 || this.nextAmp >= to) return;
      if (++this.references > this.bounds.maxEntityReferences) throw tooCostly('entity references', this.bounds.maxEntityReferences);
      from = this.nextAmp + 1;
    }
  }
}

/** Throws a 413 when `text` passes any of `bounds`; one linear pass, no allocation per element. */
export function checkXmlCost(text: string, bounds: XmlCostBounds): void {
  const totals = new Totals(text, bounds);
  let elements = 0;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? text.length : lt;
    totals.countReferences(i, textEnd);
    if (lt < 0) return;
    const next = text.charCodeAt(lt + 1);
    if (next === 0x21 || next === 0x3f) {
      i = skipSpecial(text, lt);
    } else if (next === 0x2f) {
      const end = text.indexOf('>', lt);
      i = end < 0 ? text.length : end + 1;
    } else {
      if (++elements > bounds.maxElements) throw tooCostly('elements', bounds.maxElements);
      i = scanTag(text, lt + 1, bounds, totals);
    }
  }
}

/** The bounds for a body of at most `maxEntities` entities (RequestLimits.maxBulkElements). */
export function entityBodyBounds(maxEntities: number): XmlCostBounds {
  // An entity: Entity, Fields, RelatedEntities and a Field and a Value or two per field (about 70
  // defect fields, a multi-valued one with several values): 256 leaves room for every field.
  const maxElements = 16 + maxEntities * 256;
  return {
    maxElements,
    maxAttributesPerElement: 8,
    maxAttributes: maxElements * 2,
    maxAttributeChars: 4096,
    maxEntityReferences: 1_000_000,
  };
}
