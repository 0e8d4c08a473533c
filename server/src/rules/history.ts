// A defect's history (reference §16.9): every update through either tree (one defect, a bulk
// update, an `/api` update of a selection) records, per defect, one UPDATE entry naming each
// field with History on (metadata `history: true`) whose value it changed, old and new as text,
// who wrote it and when (the server's clock). Writes that change no such field record nothing;
// creates record nothing either, as a live 26.1 showed none.
import type { ServerContext, ProjectStore } from '../context';
import { CATALOGS } from '../metadata/catalog';
import { AuditStore } from '../store/audits';
import type { AuditProperty } from '../store/audits';
import type { StoredValue } from '../store/projectTypes';
import { formatDateTime } from '../store/time';

const TRACKED = CATALOGS.defects.fields.filter((def) => def.history === true);

/** A stored value as an audit shows it: references by their id, no value as empty text. */
const asText = (value: StoredValue | undefined): string => (value === null || value === undefined ? '' : String(value));

/**
 * Runs `write`, which sets `changes` (validated column values) on each of the defects `ids`, and
 * records what it changed in fields with History on. Call inside the write's transaction, so the
 * entries commit or roll back with it.
 */
export function writeWithHistory(ctx: ServerContext, store: ProjectStore, user: string, ids: readonly number[], changes: Readonly<Record<string, StoredValue>>, write: () => void): void {
  const fields = TRACKED.filter((def) => Object.prototype.hasOwnProperty.call(changes, def.name));
  if (fields.length === 0 || ids.length === 0) {
    write();
    return;
  }
  const audits = new AuditStore(store);
  const before = audits.defectValues(
    ids,
    fields.map((def) => def.name),
  );
  write();
  const time = formatDateTime(ctx.now());
  for (const id of ids) {
    const old = before.get(id);
    if (!old) continue;
    const properties: AuditProperty[] = fields
      .filter((def) => asText(old[def.name]) !== asText(changes[def.name]))
      .map((def) => ({ name: def.name, label: def.label, oldValue: asText(old[def.name]), newValue: asText(changes[def.name]) }));
    if (properties.length === 0) continue;
    audits.insert({ parentType: 'defect', parentId: id, action: 'UPDATE', time, user, properties });
    // A real server keeps every entry (its administrators purge the audit log), but an emulator
    // any member can write to must not grow without bound: one 18-byte PUT of a 200-defect
    // selection writes 200 entries, and a loop of them grew the project 1.6 MB/s (issue 38 item
    // 13). Each entity keeps its newest entries, which are what a History view pages through;
    // coalescing entries instead would change the answers' shapes that clients read.
    audits.keepNewest('defect', id, ctx.options.limits.maxHistoryPerEntity);
  }
}
