// Grouping in the grid: which fields can group (a list field or a user field, one value each, as
// the ALM web client offers them) and the groups as the page shows them, each named the way its
// values read everywhere else (fieldText) with its count.
import type { FieldCatalog, FieldMeta, GroupCount } from '../../api';
import { fieldKind } from '../../defects/fieldKind';
import { NO_VALUE, fieldText } from '../../defects/fieldText';
import type { GridGrouping } from '../../shared/gridProtocol';
import type { DefectQuery } from '../../defects/defectQuery';
import { addCondition } from '../../defects/filter';
import type { GridNames } from './rowText';

function isGroupable(meta: FieldMeta): boolean {
  const kind = fieldKind(meta.name, meta);
  return !meta.hidden && !meta.dataType.multiple && (kind === 'list' || kind === 'user');
}

export function groupableFields(catalog: FieldCatalog): FieldMeta[] {
  return catalog.fields.filter(isGroupable);
}

/** A label for a group: its value as every view writes it, NO_VALUE for none. */
function groupLabel(field: string, value: string | null, { catalog, names }: GridNames): string {
  return value === null ? NO_VALUE : fieldText(field, value, names, catalog.get(field));
}

/**
 * Groups shown at most: a field of 200,000 different values made as many buttons, and building
 * them overflowed the page's stack (issue 38.7). The rest are counted in `more`.
 */
export const MAX_GROUPS_SHOWN = 500;

export function groupingOf(field: string, counts: readonly GroupCount[], names: GridNames): GridGrouping {
  const shown = counts.slice(0, MAX_GROUPS_SHOWN);
  const rest = counts.slice(MAX_GROUPS_SHOWN);
  return {
    field,
    label: names.catalog.label(field),
    groups: shown.map((g) => ({ value: g.value, label: groupLabel(field, g.value, names), count: g.count })),
    ...(rest.length ? { more: { values: rest.length, count: rest.reduce((n, g) => n + g.count, 0) } } : {}),
  };
}

/** The opened query narrowed to the group shown (all of them: the query itself), titled after it. */
export function groupShown(base: DefectQuery, g: GridGrouping | undefined): DefectQuery {
  const filter = structuredClone(base.filter);
  if (!g || g.selected === undefined) return { ...base, filter };
  addCondition(filter, g.field, { op: '=', value: g.selected ?? '' });
  return { ...base, filter, title: `${g.label}: ${g.groups.find((x) => x.value === g.selected)?.label ?? g.selected ?? ''} · ${base.title}` };
}
