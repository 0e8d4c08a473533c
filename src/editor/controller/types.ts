// The slice of the client's ProjectApi the editor uses, so tests can hand in a fake project.
import type { CallOptions, DefectsApi, FieldCatalog, HistoryApi, ListTree, LocksApi, ProjectUsers, ReferenceNames, ReleaseCatalog } from '../../api/index';

export interface EditorProjectApi {
  readonly defects: Pick<DefectsApi, 'get' | 'update' | 'create'>;
  readonly locks: LocksApi;
  fields(collection: string, options?: CallOptions & { refresh?: boolean }): Promise<FieldCatalog>;
  listItems(options?: CallOptions & { refresh?: boolean }): Promise<ListTree>;
  /** The project's users for the user pickers, by full name; without it (older fakes) only the signed-in user is offered. */
  users?(options?: CallOptions & { refresh?: boolean }): Promise<ProjectUsers>;
  /** Releases and cycles for the pickers; without it (older fakes) those fields take ids. */
  releases?(options?: CallOptions & { refresh?: boolean }): Promise<ReleaseCatalog>;
  /** Names of what other reference fields (environment…) point to; without it they show as ids. */
  referenceNames?(options?: CallOptions & { refresh?: boolean }): Promise<ReferenceNames>;
  /** The defect's audit trail: names who made a change seen on reload; without it (older fakes) only a comment's author does. */
  readonly history?: Pick<HistoryApi, 'of'>;
}
