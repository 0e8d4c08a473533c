// The byte side of Core XML pages (xml.ts): a growing buffer the page is written into as UTF-8,
// so the answer goes out as the bytes it was built in. A page held as one JS string cost as much
// again as building it: fastify measured its UTF-8 length (flattening the string of thousands of
// pieces) and then encoded it a second time to write it, and one Japanese memo makes every page
// string two bytes a character.
//
// Values are escaped while they are encoded, for exactly the five characters the library escapes
// (`& < > " '`); memos are HTML, so nearly all of them need it. Encoding follows Buffer.from():
// a lone surrogate becomes U+FFFD. test/unit/server/xmlBytes.test.ts checks both.

/** Extra bytes each ASCII character costs when escaped: 0 for all but the five reserved ones. */
const EXTRA = new Uint8Array(256);
for (const [char, entity] of Object.entries({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })) {
  EXTRA[char.charCodeAt(0)] = entity.length - 1;
}

/** Text up to this length is encoded by hand (see text()). */
const SHORT = 128;

/** Above this length a value's reserved characters are counted before room is made, instead of assuming the worst (6×). */
const COUNT_FROM = 64 * 1024;

function reservedCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x3e && EXTRA[code] !== 0) count++;
  }
  return count;
}

export class XmlByteWriter {
  private buf: Buffer;
  private pos = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  private reserve(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }

  /** Bytes that are already markup or escaped text. */
  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** Text that is already markup or escaped, encoded as UTF-8. */
  text(text: string): void {
    // A UTF-16 code unit never takes more than three UTF-8 bytes.
    this.reserve(text.length * 3);
    if (text.length <= SHORT) {
      // Short ASCII text is copied here: Buffer#write's call costs more than the copy.
      const out = this.buf;
      let at = this.pos;
      let i = 0;
      for (; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code >= 0x80) break;
        out[at++] = code;
      }
      this.pos = i === text.length ? at : at + out.write(text.slice(i), at, 'utf8');
      return;
    }
    this.pos += this.buf.write(text, this.pos, 'utf8');
  }

  /**
   * A value as UTF-8 with the five reserved characters escaped as the library escapes them, in
   * one pass over its characters: 2 ns a character where the regex replace and a second encoding
   * of the escaped string cost six times that on a page's memos.
   */
  escapedText(text: string): void {
    const n = text.length;
    // '&quot;' is the longest a character can grow to; no UTF-16 unit takes more than 3 bytes.
    this.reserve(n <= COUNT_FROM ? n * 6 : n * 3 + reservedCount(text) * 5);
    const out = this.buf;
    let at = this.pos;
    for (let i = 0; i < n; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) {
        if (code > 0x3e || EXTRA[code] === 0) {
          out[at++] = code;
          continue;
        }
        out[at++] = 0x26; // &
        switch (code) {
          case 0x26: // &amp;
            out[at++] = 0x61;
            out[at++] = 0x6d;
            out[at++] = 0x70;
            break;
          case 0x3c: // &lt;
            out[at++] = 0x6c;
            out[at++] = 0x74;
            break;
          case 0x3e: // &gt;
            out[at++] = 0x67;
            out[at++] = 0x74;
            break;
          case 0x22: // &quot;
            out[at++] = 0x71;
            out[at++] = 0x75;
            out[at++] = 0x6f;
            out[at++] = 0x74;
            break;
          default: // ' as &apos;
            out[at++] = 0x61;
            out[at++] = 0x70;
            out[at++] = 0x6f;
            out[at++] = 0x73;
        }
        out[at++] = 0x3b; // ;
      } else if (code < 0x800) {
        out[at++] = 0xc0 | (code >> 6);
        out[at++] = 0x80 | (code & 0x3f);
      } else if (code >= 0xd800 && code <= 0xdfff) {
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          out[at++] = 0xf0 | (point >> 18);
          out[at++] = 0x80 | ((point >> 12) & 0x3f);
          out[at++] = 0x80 | ((point >> 6) & 0x3f);
          out[at++] = 0x80 | (point & 0x3f);
          i++;
        } else {
          // A lone surrogate is written as U+FFFD, as Buffer.from() writes it.
          out[at++] = 0xef;
          out[at++] = 0xbf;
          out[at++] = 0xbd;
        }
      } else {
        out[at++] = 0xe0 | (code >> 12);
        out[at++] = 0x80 | ((code >> 6) & 0x3f);
        out[at++] = 0x80 | (code & 0x3f);
      }
    }
    this.pos = at;
  }

  /** The bytes written so far (a view, not a copy). */
  result(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
