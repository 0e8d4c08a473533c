// Bounds on what one request may cost (issue 14), shared by the `/api` and the Core tree: bulk
// element counts, the bytes of entity JSON one answer may hold, and the size of one field value.
// Every bound is a ServerOptions limit, so a route calls these helpers instead of its own checks.
import type { RequestLimits } from './config';
import { AlmError } from './errors';

export type { RequestLimits } from './config';

/** Refuses a bulk request naming more elements than `maxBulkElements`, before any work. */
export function checkBulkSize(limits: RequestLimits, count: number, what: string): void {
  if (count <= limits.maxBulkElements) return;
  throw new AlmError(413, 'qccore.general-error', `The request names ${count} ${what}; at most ${limits.maxBulkElements} are accepted in one request. Split it into several requests.`, [
    { Name: 'maximum-elements', Value: limits.maxBulkElements },
  ]);
}

/** A 413 for an answer that would exceed `maxAnswerBytes`; `hint` says how to ask for less. */
export function answerTooLarge(limits: RequestLimits, hint: string): AlmError {
  const mb = (limits.maxAnswerBytes / (1024 * 1024)).toFixed(1);
  return new AlmError(413, 'qccore.general-error', `The answer would hold more than ${mb} MB of entity data. ${hint}`, [{ Name: 'maximum-bytes', Value: limits.maxAnswerBytes }]);
}

/** How an answer writes text: XML escapes `& < >`, JSON escapes quotes, backslashes and controls. */
export type AnswerEscaping = 'xml' | 'json';

/**
 * Counts the bytes of an answer as it is built; `add` throws the 413 as soon as the total passes
 * `maxAnswerBytes`, so no more than that is ever held for one answer.
 */
export class AnswerBudget {
  private used = 0;

  constructor(
    private readonly limits: RequestLimits,
    private readonly hint: string,
    private readonly escaping: AnswerEscaping = 'json',
  ) {}

  add(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxAnswerBytes) throw answerTooLarge(this.limits, this.hint);
  }

  /**
   * Collects stored rows from `source` (e.g. a statement's iterate()), counting each row as it
   * will be sent and stopping at the budget: a page of huge memos is refused, never held whole.
   */
  rows<T extends object>(source: Iterable<T>): T[] {
    const out: T[] = [];
    for (const row of source) {
      this.add(sentSize(row, this.escaping));
      out.push(row);
    }
    return out;
  }
}

/** UTF-8 bytes an escaped ASCII character adds in each format (`&` → `&amp;` is 4 more). */
const XML_EXTRA = asciiTable((c) => (c === 0x26 ? 4 : c === 0x3c || c === 0x3e ? 3 : 0));
const JSON_EXTRA = asciiTable((c) => (c === 0x22 || c === 0x5c || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x08 || c === 0x0c ? 1 : c < 0x20 ? 5 : 0));

function asciiTable(extra: (code: number) => number): Uint8Array {
  return Uint8Array.from({ length: 128 }, (_, c) => extra(c));
}

/**
 * The bytes a text takes once escaped and encoded as UTF-8: what is sent, not what is stored.
 * Counting stored characters let escaping multiply an answer past the budget (a memo of `<` is
 * four times larger in XML; issue 38 item 9).
 */
export function sentTextBytes(text: string, escaping: AnswerEscaping): number {
  const extra = escaping === 'xml' ? XML_EXTRA : JSON_EXTRA;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += extra[c];
    // Two or three UTF-8 bytes; a surrogate pair (two units) is four.
    else bytes += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** About the bytes a stored row takes in an answer: its escaped text, its blobs, 8 for anything else. */
export function sentSize(row: object, escaping: AnswerEscaping): number {
  let size = 0;
  for (const value of Object.values(row)) {
    if (typeof value === 'string') size += sentTextBytes(value, escaping);
    else size += value instanceof Uint8Array ? value.length : 8;
  }
  return size;
}
