// What a Core bulk write did per element (reference §5.1, §8: non-transactional; some failed →
// 409, all failed → 500, both `qccore.bulk-operation-failed` whose ExceptionProperties hold
// `BulkValue.BulkEntries`: per element `Succeeded`, `EntityId`, and the `Entity` or the `Exception`).
import { isRecord } from './dialect/coreValues';
import { AlmApiError } from './errors';

export type BulkEntry = { id: number; succeeded: true; entity: unknown } | { id: number; succeeded: false; reason: string; almId?: string };

const BULK_FAILED = 'qccore.bulk-operation-failed';

/** The entries of a bulk failure, or undefined when the error is not one that says per element what happened. */
export function bulkEntries(e: unknown): BulkEntry[] | undefined {
  if (!(e instanceof AlmApiError) || e.almId !== BULK_FAILED || !Array.isArray(e.properties)) return undefined;
  const properties: unknown[] = e.properties;
  const property = properties.find((p) => isRecord(p) && p.Name === BULK_FAILED);
  const value = isRecord(property) && isRecord(property.BulkValue) ? property.BulkValue.BulkEntries : undefined;
  if (!Array.isArray(value)) return undefined;
  const out: BulkEntry[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) return undefined;
    const id = Number(entry.EntityId);
    // An element the server could not tie to a defect: nothing says which defect it was.
    if (!Number.isSafeInteger(id) || id <= 0) continue;
    if (entry.Succeeded === true || entry.Succeeded === 'true') {
      out.push({ id, succeeded: true, entity: entry.Entity });
    } else {
      const ex = isRecord(entry.Exception) ? entry.Exception : {};
      const title = typeof ex.Title === 'string' && ex.Title.trim() ? ex.Title.trim() : 'The server refused the change without a reason.';
      out.push({ id, succeeded: false, reason: title, ...(typeof ex.Id === 'string' ? { almId: ex.Id } : {}) });
    }
  }
  return out;
}
