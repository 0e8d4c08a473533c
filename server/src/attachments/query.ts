// The attachments page's rule for filters: a filter on the file name must also name the
// entity (both entity.type and entity.id), as on a real server.
import { AlmError } from '../errors';
import { parseFilter, toAlmError } from '../query/index';
import type { FilterNode } from '../query/index';

const TYPE_FIELDS = new Set(['entity.type', 'parent-type']);
const ID_FIELDS = new Set(['entity.id', 'parent-id']);

export function checkNameFilter(query: string | undefined): void {
  let tree: FilterNode | null;
  try {
    tree = parseFilter(query);
  } catch (err) {
    throw toAlmError(err);
  }
  if (!tree) return;
  const fields = new Set<string>();
  const walk = (n: FilterNode): void => {
    if (n.type === 'compare') fields.add(n.field);
    else if (n.type === 'not') walk(n.item);
    else n.items.forEach(walk);
  };
  walk(tree);
  if (!fields.has('name')) return;
  const hasType = [...fields].some((f) => TYPE_FIELDS.has(f));
  const hasId = [...fields].some((f) => ID_FIELDS.has(f));
  if (!hasType || !hasId) {
    throw new AlmError(
      404,
      'qccore.invalid-filter-expression',
      'Invalid filter expression: a filter on the attachment name must also give entity.type and entity.id, e.g. {entity.type[defect];entity.id[5];name[log.txt]}.',
    );
  }
}
