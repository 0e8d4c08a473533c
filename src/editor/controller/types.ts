// The slice of the client's ProjectApi the editor uses, so tests can hand in a fake project.
import type { CallOptions, DefectsApi, FieldCatalog, ListTree, LocksApi, ReleaseCatalog } from '../../api/index';

export interface EditorProjectApi {
  readonly defects: Pick<DefectsApi, 'get' | 'update' | 'create'>;
  readonly locks: LocksApi;
  fields(collection: string, options?: CallOptions & { refresh?: boolean }): Promise<FieldCatalog>;
  listItems(options?: CallOptions & { refresh?: boolean }): Promise<ListTree>;
  /** Releases and cycles for the pickers; without it (older fakes) those fields take ids. */
  releases?(options?: CallOptions & { refresh?: boolean }): Promise<ReleaseCatalog>;
}
