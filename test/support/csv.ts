// A CSV reader written from RFC 4180's grammar, for tests to read back what the export wrote:
// it refuses an unquoted field holding a quote, CR or LF, and a record not ended by CRLF.

/** RFC 4180 §2 read back: fields, quoted fields with "" for a quote, CRLF between records. */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quoted field');
        field += text.slice(i, q);
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
    } else {
      const end = text.slice(i).search(/,|\r\n/);
      field = end < 0 ? text.slice(i) : text.slice(i, i + end);
      if (/["\r\n]/.test(field)) throw new Error(`unquoted field with a special character: ${JSON.stringify(field)}`);
      i = end < 0 ? text.length : i + end;
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    records.push(record);
    record = [];
    if (text.startsWith('\r\n', i)) i += 2;
    else if (i < text.length) throw new Error(`expected a separator at ${i}`);
    if (i >= text.length) return records;
  }
}
