// What an answer echoing defects may cost (issue 14), for both trees: a write whose answer would
// pass `maxAnswerBytes` is refused with 413 before anything changes, instead of building
// gigabytes in memory; pages are counted as their rows are read (AnswerBudget.rows).
import type { ProjectStore, ServerContext } from '../context';
import { answerTooLarge } from '../limits';

export const WRITE_ANSWER_HINT = 'Send fewer elements in one request, or read the defects afterwards with a fields= list.';
export const PAGE_ANSWER_HINT = 'Ask for a smaller page (limit or page-size) or fewer fields (fields=…).';

/**
 * Refuses, before anything changes, a write whose answer (each named defect echoed whole, once
 * per element) would pass the budget. Sizes come from the stored sizes, once per distinct defect.
 */
export function checkAnswerSize(ctx: ServerContext, store: ProjectStore, ids: readonly number[]): void {
  const sizes = new Map<number, number>();
  let total = 0;
  for (const id of ids) {
    let size = sizes.get(id);
    if (size === undefined) {
      size = store.storedDefectSize(id);
      sizes.set(id, size);
    }
    total += size;
    if (total > ctx.options.limits.maxAnswerBytes) throw answerTooLarge(ctx.options.limits, WRITE_ANSWER_HINT);
  }
}
