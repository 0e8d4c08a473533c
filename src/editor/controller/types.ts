// The slice of the client's ProjectApi the editor uses, so tests can hand in a fake project.
import type { CallOptions, DefectsApi, FieldCatalog, ListTree, LocksApi } from '../../api/index';

export interface EditorProjectApi {
  readonly defects: Pick<DefectsApi, 'get' | 'update' | 'create'>;
  readonly locks: LocksApi;
  fields(collection: string, options?: CallOptions & { refresh?: boolean }): Promise<FieldCatalog>;
  listItems(options?: CallOptions & { refresh?: boolean }): Promise<ListTree>;
}
