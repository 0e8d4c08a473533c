// A project as the editor's History section reads it, answering one audit entry: for tests of how
// a history entry's values read beside the other views. Links and the rest are never called.
import type { AuditEntry, FieldCatalog, ProjectUser, ReleaseCatalog } from '../../src/api';
import type { TraceabilityApi } from '../../src/editor/traceability';

export interface HistoryProjectData {
  catalog: FieldCatalog;
  users: ProjectUser[];
  releases: ReleaseCatalog;
  /** Names of other references' values (read by the one names loader when present). */
  references?: unknown;
}

export function historyProject(entry: AuditEntry, data: HistoryProjectData): TraceabilityApi {
  return {
    history: { of: async () => ({ available: true, entries: [entry], total: 1 }) },
    links: {},
    fields: async () => data.catalog,
    users: async () => ({ users: data.users, source: 'project' }),
    releases: async () => data.releases,
    ...(data.references === undefined ? {} : { referenceNames: async () => data.references }),
  } as unknown as TraceabilityApi;
}
