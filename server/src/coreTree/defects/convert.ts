// Core entities ↔ stored defect rows, through the field catalog: what the Core tree writes is
// turned into the same typed body the `/api` tree receives (so one validator judges both), and a
// row is shown with string values, multi-values as repeated values and release, cycle and
// environment references with their name as ReferenceValue (reference §4.1, §4.2).
import type { CoreEntity, CoreField } from '../wire/entity';
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import { RESOURCE_ENTITY } from '../../metadata/validate';
import type { FieldDef } from '../../metadata/types';
import type { DefectBody } from '../../rules/defectChanges';
import type { ProjectStore } from '../../store/project';
import type { DefectRow, ResourceTable, StoredValue } from '../../store/projectTypes';

const DEFECT = CATALOGS.defects;

/** The resource table a reference field points to, or undefined for lists, users and plain fields. */
export function referenceTable(def: FieldDef): ResourceTable | undefined {
  if (def.dataType !== 'Reference' || !def.resource || def.resource === 'user') return undefined;
  return RESOURCE_ENTITY[def.resource].table;
}

/** Display names of releases, cycles and environments, read once per request and table. */
export class ReferenceNames {
  private readonly names = new Map<ResourceTable, Map<number, string>>();
  constructor(private readonly store: ProjectStore) {}

  name(table: ResourceTable, id: number): string | undefined {
    let byId = this.names.get(table);
    if (!byId) {
      byId = this.store.resourceNames(table);
      this.names.set(table, byId);
    }
    return byId.get(id);
  }
}

/** A float as JavaScript writes it (2, not 2.0). */
const text = (value: string | number): string => String(value);

/**
 * Fields a 26.1 writes as `[{}]` when empty (String, Memo, lists, users, a single reference);
 * numbers, dates and multi-values are `[]` (reference §16.2).
 */
export function textual(def: FieldDef): boolean {
  return !def.multiple && def.dataType !== 'Integer' && def.dataType !== 'Float' && def.dataType !== 'Date';
}

function fieldOf(def: FieldDef, value: StoredValue | undefined, refs: ReferenceNames): CoreField {
  if (value === null || value === undefined) return textual(def) ? { name: def.name, values: [], blankWhenEmpty: true } : { name: def.name, values: [] };
  if (def.multiple && typeof value === 'string') {
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch {
      list = [value];
    }
    const values: unknown[] = Array.isArray(list) ? list : [value];
    return { name: def.name, values: values.map((v) => ({ value: String(v) })) };
  }
  const table = referenceTable(def);
  const referenceValue = table && typeof value === 'number' ? refs.name(table, value) : undefined;
  const values = [referenceValue === undefined ? { value: text(value) } : { value: text(value), referenceValue }];
  return def.dataType === 'Memo' ? { name: def.name, values, memo: true } : { name: def.name, values };
}

/** A stored row as a Core entity; `fields` (from `fields=`) limits and orders the fields, null means all. */
export function defectEntity(row: DefectRow, fields: readonly string[] | null, refs: ReferenceNames): CoreEntity {
  const defs = DEFECT.selected(fields);
  return { type: 'defect', fields: defs.map((def) => fieldOf(def, row[def.name], refs)) };
}

const INTEGER = /^-?\d{1,15}$/;
const FLOAT = /^-?\d+(\.\d+)?$/;

/** One Core field's string values as the typed value the shared validator expects. */
function typedValue(def: FieldDef, field: CoreField): unknown {
  const values = field.values.map((v) => v.value);
  if (def.multiple) return values.filter((v) => v !== '');
  if (values.length === 0) return null;
  if (values.length > 1) {
    throw new AlmError(400, 'qccore.invalid-value-type-for-field', `Field '${def.name}' (${def.label}) takes one value; ${values.length} were sent.`, [{ Name: 'field', Value: def.name }]);
  }
  const value = values[0];
  if (def.dataType === 'Integer' && INTEGER.test(value.trim())) return Number(value);
  if (def.dataType === 'Float' && FLOAT.test(value.trim())) return Number(value);
  return value;
}

/**
 * The write body of a Core entity, in the `/api` tree's typed form. Unknown names pass through
 * unchanged so the shared validator refuses them with its usual `qccore.unknown-field-name`.
 */
export function defectBody(entity: CoreEntity): DefectBody {
  // No prototype: a field named `__proto__` must stay a field (and be refused as unknown).
  const body = Object.create(null) as DefectBody;
  for (const field of entity.fields) {
    if (Object.prototype.hasOwnProperty.call(body, field.name)) {
      throw new AlmError(400, 'qccore.general-error', `Field '${field.name}' is sent twice; send each field once, with several <Value> for several values.`);
    }
    const def = DEFECT.field(field.name);
    body[field.name] = def && def.name === field.name ? typedValue(def, field) : (field.values[0]?.value ?? null);
  }
  return body;
}

/** The id a bulk element names in its `id` field, or undefined. */
export function entityIdField(entity: CoreEntity): string | undefined {
  return entity.fields.find((f) => f.name === 'id')?.values[0]?.value;
}
