// A defect's history: Core's `GET …/defects/{id}/audits` (reference §16.9). The answer is
// PascalCase with `TotalResults` inside `Audits`; a lone `Audit` or `Property` comes as an object
// rather than a one-element list, and `Properties` may be missing. The `/api` tree has no history.
import { UnexpectedAnswerError } from './errors';
import { isRecord, scalarText } from './dialect/coreValues';
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
  entries.sort((a, b) => (a.time === b.time ? b.id - a.id : a.time < b.time ? 1 : -1));
  const total = Number(text(audits.TotalResults));
  return { entries, total: Number.isFinite(total) && total >= entries.length ? total : entries.length };
}

export class HistoryResource {
  constructor(private readonly ctx: ProjectContext) {}

  /** Every recorded change of defect `id`, newest first; on the `/api` tree, why there is none. */
  async of(id: number, o: CallOptions = {}): Promise<DefectHistory> {
    const dialect = await this.ctx.dialect(o.signal);
    if (dialect.tree !== 'rest') return { available: false, reason: 'The /api tree of this server offers no history; ALM keeps it in the Core tree only.' };
    const res = await this.ctx.transport.json({ method: 'GET', path: `${dialect.entityPath(this.ctx.scope, 'defects', id)}/audits`, signal: o.signal });
    return { available: true, ...parseAudits(res.body) };
  }
}
