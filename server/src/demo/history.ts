// Demo history (issue 30): a few of a project's first defects get the entries their current
// values imply, so the editor's History section has something to show before anyone edits:
// triage by the detector (status New → now, assignment), and for the first defect a later
// severity change by its owner. Values end where the defect stands, as real history would.
import { CATALOGS } from '../metadata/catalog';
import { LIST_IDS } from '../metadata/defectFields';
import { AuditStore } from '../store/audits';
import type { AuditProperty } from '../store/audits';
import type { ProjectStore } from '../store/project';

/** Positions among the project's first defects that get a history. */
const WITH_HISTORY = [1, 4, 5, 6];

const label = (name: string) => CATALOGS.defects.field(name)?.label ?? name;
const change = (name: string, oldValue: string, newValue: string): AuditProperty => ({ name, label: label(name), oldValue, newValue });

/** Seeds the entries; returns how many. */
export function seedDemoHistory(store: ProjectStore, defectIds: readonly number[]): number {
  const audits = new AuditStore(store);
  const severities = [...store.listValues(LIST_IDS.severity)];
  let count = 0;
  for (const position of WITH_HISTORY) {
    const id = defectIds[position - 1];
    const row = id === undefined ? undefined : store.getDefect(id);
    if (!row || typeof row['detected-by'] !== 'string' || typeof row['creation-time'] !== 'string') continue;
    const triage: AuditProperty[] = [];
    if (typeof row.owner === 'string') triage.push(change('owner', '', row.owner));
    if (typeof row.status === 'string' && row.status !== 'New') triage.push(change('status', 'New', row.status));
    const triaged = `${row['creation-time']} 09:30:00`;
    if (triage.length > 0) {
      audits.insert({ parentType: 'defect', parentId: id, action: 'UPDATE', time: triaged, user: row['detected-by'], properties: triage });
      count++;
    }
    const severity = typeof row.severity === 'string' ? row.severity : null;
    const earlier = severities.find((s) => s !== severity);
    const modified = typeof row['last-modified'] === 'string' ? row['last-modified'] : '';
    if (position === 1 && severity && earlier && modified > triaged) {
      audits.insert({
        parentType: 'defect',
        parentId: id,
        action: 'UPDATE',
        time: modified,
        user: typeof row.owner === 'string' ? row.owner : row['detected-by'],
        properties: [change('severity', earlier, severity)],
      });
      count++;
    }
  }
  return count;
}
