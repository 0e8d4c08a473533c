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

/**
 * Counts the bytes of an answer as it is built; `add` throws the 413 as soon as the total passes
 * `maxAnswerBytes`, so no more than that is ever held for one answer.
 */
export class AnswerBudget {
  private used = 0;

  constructor(
    private readonly limits: RequestLimits,
    private readonly hint: string,
  ) {}

  add(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxAnswerBytes) throw answerTooLarge(this.limits, this.hint);
  }

  /**
   * Collects stored rows from `source` (e.g. a statement's iterate()), counting each row's text as
   * it is read and stopping at the budget: a page of huge memos is refused, never held whole.
   */
  rows<T extends object>(source: Iterable<T>): T[] {
    const out: T[] = [];
    for (const row of source) {
      this.add(storedSize(row));
      out.push(row);
    }
    return out;
  }
}

/** About the bytes a stored row takes in an answer: its text and blobs, 8 for anything else. */
function storedSize(row: object): number {
  let size = 0;
  for (const value of Object.values(row)) size += typeof value === 'string' || value instanceof Uint8Array ? value.length : 8;
  return size;
}
