// The byte side of Core XML pages (xml.ts): a growing buffer the page is written into as UTF-8,
// so the answer goes out as the bytes it was built in. A page held as one JS string cost as much
// again as building it: fastify measured its UTF-8 length (flattening the string of thousands of
// pieces) and then encoded it a second time to write it, and one Japanese memo makes every page
// string two bytes a character.
//
// Values are escaped as they are copied into the page, for exactly the characters the library
// escapes in text (`& < >`, wire/xmlEscape.ts: quotes stay as they are); memos are HTML, so nearly
// all of them need it. Encoding is Buffer's: a
// lone surrogate becomes U+FFFD, as Buffer.from() writes it. test/unit/server/xmlBytes.test.ts
// checks both.

/** Extra bytes each ASCII character costs when escaped: 0 for all but the three escaped in text. */
const EXTRA = new Uint8Array(256);
for (const [char, entity] of Object.entries({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })) {
  EXTRA[char.charCodeAt(0)] = entity.length - 1;
}

/** Text up to this length is encoded by hand (see text()). */
const SHORT = 128;

/** Above this many bytes a value's reserved characters are counted before room is made, instead of assuming the worst (5×). */
const COUNT_FROM = 64 * 1024;

/** Where escapedText() encodes a value first, up to a third of its size (pages are written synchronously: one suffices). */
const SCRATCH = Buffer.allocUnsafe(COUNT_FROM);

/** The bytes escaping adds to the first `n` bytes of `utf8`. */
function reservedExtra(utf8: Uint8Array, n: number): number {
  let extra = 0;
  for (let i = 0; i < n; i++) {
    const b = utf8[i];
    if (b <= 0x3e) extra += EXTRA[b];
  }
  return extra;
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
   * A value as UTF-8 with `& < >` escaped as the library escapes element text. The
   * value is encoded natively first, then copied byte by byte with the escapes: less than half
   * the time of encoding it character by character in JavaScript, and a sixth of a regex replace
   * and a second encoding of the escaped string (a page's memos, bench/server).
   */
  escapedText(text: string): void {
    // No UTF-16 unit takes more than 3 bytes; a longer value gets a buffer of its own size.
    const utf8 = text.length * 3 <= SCRATCH.length ? SCRATCH : Buffer.from(text, 'utf8');
    const n = utf8 === SCRATCH ? SCRATCH.write(text, 0, 'utf8') : utf8.length;
    // '&amp;' is the longest a byte can grow to; a long value is measured instead.
    this.reserve(n <= COUNT_FROM ? n * 5 : n + reservedExtra(utf8, n));
    const out = this.buf;
    let at = this.pos;
    for (let i = 0; i < n; i++) {
      const b = utf8[i];
      // Every byte above '>' (UTF-8 sequences included) is copied as it is.
      if (b > 0x3e) {
        out[at++] = b;
        continue;
      }
      switch (b) {
        case 0x26: // &amp;
          out[at] = 0x26;
          out[at + 1] = 0x61;
          out[at + 2] = 0x6d;
          out[at + 3] = 0x70;
          out[at + 4] = 0x3b;
          at += 5;
          break;
        case 0x3c: // &lt;
          out[at] = 0x26;
          out[at + 1] = 0x6c;
          out[at + 2] = 0x74;
          out[at + 3] = 0x3b;
          at += 4;
          break;
        case 0x3e: // &gt;
          out[at] = 0x26;
          out[at + 1] = 0x67;
          out[at + 2] = 0x74;
          out[at + 3] = 0x3b;
          at += 4;
          break;
        default:
          out[at++] = b;
      }
    }
    this.pos = at;
  }

  /** The bytes written so far (a view, not a copy). */
  result(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
