// Grouping in the grid: which fields can group (a list field or a user field, one value each, as
// the ALM web client offers them) and the groups as the page shows them, each named the way its
// values read everywhere else (fieldText) with its count.
import * as l10n from '@vscode/l10n';
import type { FieldCatalog, FieldMeta, GroupCount } from '../api';
import { fieldText, referenceKind } from '../defects/fieldText';
import type { GridGrouping } from '../shared/gridProtocol';
import type { GridNames } from './rowText';

function isGroupable(meta: FieldMeta): boolean {
  if (meta.hidden || meta.dataType.multiple || meta.dataType.name === 'Memo') return false;
  return meta.dataType.source?.kind === 'list' || referenceKind(meta.name, meta) === 'user';
}

export function groupableFields(catalog: FieldCatalog): FieldMeta[] {
  return catalog.fields.filter(isGroupable);
}

/** A label for a group: its value as text, or "(no value)" / "(unassigned)" for none. */
function groupLabel(field: string, value: string | null, { catalog, names }: GridNames): string {
  if (value === null) return referenceKind(field, catalog.get(field)) === 'user' ? l10n.t('(unassigned)') : l10n.t('(no value)');
  return fieldText(field, value, names, catalog.get(field));
}

export function groupingOf(field: string, counts: readonly GroupCount[], names: GridNames): GridGrouping {
  return {
    field,
    label: names.catalog.label(field),
    groups: counts.map((g) => ({ value: g.value, label: groupLabel(field, g.value, names), count: g.count })),
  };
}
