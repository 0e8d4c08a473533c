// Answers that echo defects (bulk writes, collection pages) are built from instance JSON that
// SQLite writes, under the server's answer budget: a request whose answer would pass
// `maxAnswerBytes` is refused with 413 before the work, instead of building gigabytes in memory.
import type { ProjectStore, ServerContext } from '../../context';
import { AnswerBudget, answerTooLarge } from '../../limits';
import { CATALOGS } from '../../metadata/catalog';
import { defectJsonSql } from './representation';

const PAGE_START = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

const WRITE_ANSWER_HINT = 'Send fewer elements in one request, or read the defects afterwards with a fields= list.';
export const PAGE_ANSWER_HINT = 'Ask for a smaller page (limit or page-size) or fewer fields (fields=…).';

/** The page envelope around instance JSON written by SQLite, as one buffer sent without re-encoding. */
export function pageBody(instances: readonly Buffer[], total: number): Buffer {
  const parts: Buffer[] = [PAGE_START];
  instances.forEach((instance, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(instance);
  });
  parts.push(Buffer.from(`],"total-count":${total}}`));
  return Buffer.concat(parts);
}

const oneInstanceSql = () => `SELECT ${defectJsonSql()} FROM defects WHERE "id" = ?`;

/**
 * About the byte size of a defect's instance JSON, from the stored sizes alone: octet_length of a
 * column reads its length from the record header, not its megabytes, so measuring is as cheap
 * for a 19 MB memo as for an empty one. Escaping may add to it; the budget checks the real size
 * again while the answer is built.
 */
const instanceSizeSql = () => {
  const members = CATALOGS.defects.fields.map((def) => `coalesce(octet_length(${def.column}), 4) + ${def.name.length + 6}`);
  return `SELECT ${members.join(' + ')} + 32 FROM defects WHERE "id" = ?`;
};

/**
 * Refuses, before anything changes, a write whose answer (each named defect echoed whole, once
 * per element) would pass the budget. Sizes are measured in SQLite, once per distinct defect.
 */
export function checkAnswerSize(ctx: ServerContext, store: ProjectStore, ids: readonly number[]): void {
  const sizes = new Map<number, number>();
  const stmt = store.statement(instanceSizeSql()).pluck();
  let total = 0;
  for (const id of ids) {
    let size = sizes.get(id);
    if (size === undefined) {
      size = (stmt.get(id) as number | undefined) ?? 0;
      sizes.set(id, size);
    }
    total += size;
    if (total > ctx.options.limits.maxAnswerBytes) throw answerTooLarge(ctx.options.limits, WRITE_ANSWER_HINT);
  }
}

/** `{"data":[…],"total-count":n}` of the defects `ids`, in that order, within the answer budget. */
export function defectsAnswer(ctx: ServerContext, store: ProjectStore, ids: readonly number[], total = ids.length): Buffer {
  const budget = new AnswerBudget(ctx.options.limits, WRITE_ANSWER_HINT);
  const stmt = store.statement(oneInstanceSql()).pluck();
  const instances: Buffer[] = [];
  for (const id of ids) {
    const instance = stmt.get(id) as Buffer | undefined;
    if (!instance) continue;
    budget.add(instance.length);
    instances.push(instance);
  }
  return pageBody(instances, total);
}
