// A defect's history: Core's `GET …/defects/{id}/audits` (reference §16.9). The answer is
// PascalCase with `TotalResults` inside `Audits`; a lone `Audit` or `Property` comes as an object
// rather than a one-element list, and `Properties` may be missing. The `/api` tree has no history:
// a 12.5x server keeps it in its Core tree beside `/api`, which is asked then (coreDialectFor).
// Asked newest first (`order-by={id[DESC]}`, ids grow with time) and paged like every Core
// collection (`page-size`, 1-based `start-index`): unpaged, a server answers its oldest 2,000
// entries and the newest changes are never seen (issue 38).
import { NotFoundError, UnexpectedAnswerError } from './errors';
import { coreDialectFor } from './dialect/coreOnly';
import { isRecord, scalarText } from './dialect/coreValues';
import { readUpTo } from './paging';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import type { AuditChange, AuditEntry, DefectHistory } from './types';

type Rec = Record<string, unknown>;

/** A list, a lone object (a singleton the server collapsed) or nothing, as a list. */
function listOf(v: unknown): Rec[] {
  return Array.isArray(v) ? v.filter(isRecord) : isRecord(v) ? [v] : [];
}

const text = scalarText;

function change(p: Rec): AuditChange {
  const field = text(p.Name);
  return { field, label: text(p.Label) || field, oldValue: text(p.OldValue), newValue: text(p.NewValue) };
}

function newestFirst(entries: AuditEntry[]): void {
  entries.sort((a, b) => (a.time === b.time ? b.id - a.id : a.time < b.time ? 1 : -1));
}

/** The entries of an `audits` answer, newest first. */
export function parseAudits(body: unknown): { entries: AuditEntry[]; total: number } {
  const audits = isRecord(body) ? body.Audits : undefined;
  if (!isRecord(audits)) throw new UnexpectedAnswerError("The defect's history is not a valid Audits answer.");
  const entries = listOf(audits.Audit).map((a): AuditEntry => ({
    id: Number(text(a.Id)) || 0,
    time: text(a.Time),
    user: text(a.User),
    action: text(a.Action),
    changes: listOf(isRecord(a.Properties) ? a.Properties.Property : undefined).map(change),
  }));
  newestFirst(entries);
  const total = Number(text(audits.TotalResults));
  return { entries, total: Number.isFinite(total) && total >= entries.length ? total : entries.length };
}

export class HistoryResource {
  constructor(private readonly ctx: ProjectContext) {}

  /**
   * The newest `limit` recorded changes of defect `id` (default: one page, 2,000), newest first, and
   * how many there are; on a server without the Core tree, why there is none.
   */
  async of(id: number, o: CallOptions & { limit?: number } = {}): Promise<DefectHistory> {
    const { dialect, beside } = await coreDialectFor(this.ctx, o.signal);
    const limit = Math.max(1, Math.floor(o.limit ?? dialect.maxPageSize));
    let read: { items: AuditEntry[]; total: number };
    try {
      read = await readUpTo(
        async (offset, size) => {
          const params = dialect.collectionParams({ orderBy: [{ field: 'id', direction: 'desc' }], offset, limit: size });
          const res = await this.ctx.transport.json({ method: 'GET', path: `${dialect.entityPath(this.ctx.scope, 'defects', id)}/audits`, params, signal: o.signal });
          const page = parseAudits(res.body);
          return { items: page.entries, total: page.total };
        },
        limit,
        dialect.maxPageSize,
      );
    } catch (e) {
      // An /api-only server answers the Core path with 404: it keeps no history this client can read.
      if (beside && e instanceof NotFoundError) return { available: false, reason: 'This server offers only the /api tree, which has no history; ALM keeps it in the Core tree.' };
      throw e;
    }
    const { items: entries, total } = read;
    newestFirst(entries);
    return { available: true, entries, total };
  }
}
