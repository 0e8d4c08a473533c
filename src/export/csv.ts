// CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field holding a
// comma, a quote, CR or LF enclosed in double quotes with its quotes doubled. Text only; UTF-8 and
// the optional byte order mark are the writer's business. No `vscode` import.

/** The byte order mark Excel needs to read a CSV file as UTF-8 rather than the system's code page. */
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted only when it must be. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
