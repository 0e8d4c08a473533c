// The values a defect's status can take on a project, from its field metadata and lists: the
// editor's status actions and Start Work's "in progress" choice read them alike.
import type { FieldCatalog, ListTree } from '../api';

/** The values of the status field's list (empty where status is not a list field). */
export function statusValues(catalog: FieldCatalog, lists: ListTree): string[] {
  const src = catalog.get('status')?.dataType.source;
  return src?.kind === 'list' ? lists.valuesOf(src.listId) : [];
}
