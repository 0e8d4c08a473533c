// What an answer echoing defects may cost (issue 14), for both trees: a write whose answer would
// pass `maxAnswerBytes` is refused with 413 before anything changes, instead of building
// gigabytes in memory; pages are counted as their rows are read (AnswerBudget.rows).
import type { ProjectStore, ServerContext } from '../context';
import { answerTooLarge, sentSize } from '../limits';
import type { AnswerEscaping } from '../limits';

export const WRITE_ANSWER_HINT = 'Send fewer elements in one request, or read the defects afterwards with a fields= list.';
export const PAGE_ANSWER_HINT = 'Ask for a smaller page (limit or page-size) or fewer fields (fields=…).';

/**
 * Refuses, before anything changes, a write whose answer (each named defect echoed whole, once
 * per element) would pass the budget. Sizes are what each distinct defect takes once escaped for
 * the answer's format (`escaping`: XML makes a stored `<` four bytes; issue 38 item 9, counting
 * stored bytes let an XML echo pass the budget fivefold), plus what the request sends for that
 * defect (`sentBytes[i]` for element `i`, counted the same way): an update can only grow a defect
 * by what it sends, so the estimate is a ceiling and the answer of a write applied element by
 * element (the Core tree's bulk forms) can never pass the budget after a commit. Rows are read one
 * by one and the count stops at the budget, so no more than the budget is ever read.
 */
export function checkAnswerSize(ctx: ServerContext, store: ProjectStore, ids: readonly number[], escaping: AnswerEscaping, sentBytes: readonly number[] = []): void {
  const growth = new Map<number, number>();
  ids.forEach((id, i) => growth.set(id, (growth.get(id) ?? 0) + (sentBytes[i] ?? 0)));
  const sizes = new Map<number, number>();
  let total = 0;
  for (const id of ids) {
    let size = sizes.get(id);
    if (size === undefined) {
      const row = store.getDefect(id);
      size = (row ? sentSize(row, escaping) : 0) + (growth.get(id) ?? 0);
      sizes.set(id, size);
    }
    total += size;
    if (total > ctx.options.limits.maxAnswerBytes) throw answerTooLarge(ctx.options.limits, WRITE_ANSWER_HINT);
  }
}

/** What a new defect holds besides the values sent: its id, stamps and defaults, generously. */
const NEW_DEFECT_BYTES = 4096;

/** Refuses, before anything is created, new defects whose echo (what was sent, plus defaults) would pass the budget. */
export function checkNewDefectsAnswerSize(ctx: ServerContext, sentBytes: readonly number[]): void {
  let total = 0;
  for (const bytes of sentBytes) {
    total += bytes + NEW_DEFECT_BYTES;
    if (total > ctx.options.limits.maxAnswerBytes) throw answerTooLarge(ctx.options.limits, WRITE_ANSWER_HINT);
  }
}
