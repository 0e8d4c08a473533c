// Finds the row of one defect under a project's "Defects" node, to reveal it (e.g. one just
// created). Only loaded pages are searched, never the whole list: a defect that the filter, the
// sort or the page size keeps out of them gives undefined. Grouped, one request (the node's
// filter plus the id) says whether the filter admits the defect and which group holds it; only
// that group's first page is loaded.
import { addCondition } from '../../defects/filter';
import { groupValueOf } from '../../defects/groupCounts';
import type { DefectNode } from './defectNode';
import type { DefectsNode } from './defectsNode';
import { GroupNode } from './groupNode';

export async function findDefectRow(defects: DefectsNode, id: number): Promise<DefectNode | undefined> {
  const children = await defects.resolveChildren();
  const direct = defects.loadedRow(id);
  if (direct) return direct;
  const groups = children.filter((c): c is GroupNode => c instanceof GroupNode);
  if (groups.length === 0) return undefined;
  const field = groups[0].field;
  const api = await defects.projectNode.api();
  const filter = addCondition(defects.apiFilter(), 'id', { op: '=', value: id });
  const page = await api.defects.page({ offset: 0, pageSize: 1, fields: [field], filter });
  const found = page.items.find((d) => d.id === id);
  if (!found) return undefined;
  const value = groupValueOf(found[field]);
  const group = groups.find((g) => g.group.value === value);
  if (!group) return undefined;
  await group.resolveChildren();
  return group.loadedRow(id);
}
