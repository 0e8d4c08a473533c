// Answers that echo defects by id (bulk writes, the PUT of a selection), under the server's answer
// budget, in the api tree's JSON (json.ts).
import type { ProjectStore, ServerContext } from '../../context';
import { AnswerBudget } from '../../limits';
import { WRITE_ANSWER_HINT } from '../../rules/answers';
import type { DefectRow } from '../../store/projectTypes';
import { defectsJson } from './json';

/** `{"data":[…],"total-count":n}` of the defects `ids`, in that order, within the answer budget. */
export function defectsAnswer(ctx: ServerContext, store: ProjectStore, ids: readonly number[], total = ids.length): string {
  return defectsJson(new AnswerBudget(ctx.options.limits, WRITE_ANSWER_HINT).rows(existingRows(store, ids)), null, total);
}

/** The rows read one at a time, so the budget stops the reading (not only the answer) at its bound. */
function* existingRows(store: ProjectStore, ids: readonly number[]): Generator<DefectRow> {
  for (const id of ids) {
    const row = store.getDefect(id);
    if (row) yield row;
  }
}
