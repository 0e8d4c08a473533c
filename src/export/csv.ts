// CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field holding a
// comma, a quote, CR or LF enclosed in double quotes with its quotes doubled. Text only; UTF-8 and
// the optional byte order mark are the writer's business. No `vscode` import.

/** The byte order mark Excel needs to read a CSV file as UTF-8 rather than the system's code page. */
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection): a summary
// such as `=HYPERLINK("http://…")` written by anyone with an account would run on the reader's machine.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export interface CsvOptions {
  /** Put `'` before text a spreadsheet would run as a formula (numbers stay as they are). */
  guardFormulas?: boolean;
}

/** One field, quoted only when it must be. */
export function csvField(text: string, options: CsvOptions = {}): string {
  const safe = options.guardFormulas && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with its CRLF. */
export function csvRecord(fields: readonly string[], options: CsvOptions = {}): string {
  return `${fields.map((f) => csvField(f, options)).join(',')}\r\n`;
}
