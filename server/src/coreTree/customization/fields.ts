// `customization/entities/{entity}/fields` (reference §12.1): the Core field descriptors,
// generated from the same catalog as the `/api` tree's `$metadata/fields`, so the two trees
// can never disagree on a field's label, requirement, length, list or type.
//   XML  <Fields><Field PhysicalName="BG_SUMMARY" Name="name" Label="Summary"><Size>255</Size>…</Field></Fields>
//   JSON {"Fields":{"Field":[{"PhysicalName":…,"Name":…,"Label":…,"Size":255,…}]}}
import type { FieldCatalog } from '../../metadata/catalog';
import type { FieldDef } from '../../metadata/types';
import { RESOURCE_ENTITY } from '../../metadata/validate';
import type { CoreFormat } from '../wire/entity';
import { xmlDocument } from '../../xml';
import type { CoreJsonDialect } from '../../profile';

type CoreFieldType = 'String' | 'Memo' | 'Number' | 'Date' | 'DateTime' | 'LookupList' | 'UsersList' | 'Reference';

export interface CoreFieldDescriptor {
  physicalName: string;
  name: string;
  label: string;
  size: number | undefined;
  history: boolean;
  listId: number | undefined;
  required: boolean;
  system: boolean;
  type: CoreFieldType;
  verify: boolean;
  virtual: boolean;
  active: boolean;
  editable: boolean;
  filterable: boolean;
  groupable: boolean;
  supportsMultivalue: boolean;
  visible: boolean;
  versionControlled: boolean;
  /** The entity a Reference field points to. */
  references: { relationName: string; referencedEntityType: string }[];
}

/** The catalog's data types as Core names them. */
function coreType(def: FieldDef): CoreFieldType {
  switch (def.dataType) {
    case 'Memo':
      return 'Memo';
    case 'Integer':
    case 'Float':
      return 'Number';
    case 'Date':
      return 'Date';
    case 'Reference By Value':
      return 'LookupList';
    case 'Reference':
      return def.resource && def.resource !== 'user' ? 'Reference' : 'UsersList';
    default:
      // Date-times are stored as text (`YYYY-MM-DD hh:mm:ss`) but compare as date-times.
      return def.kind === 'datetime' ? 'DateTime' : 'String';
  }
}

/** Database column prefixes of real ALM tables (BUG, CROS_REF), and the names not derived from the field's. */
const PHYSICAL: Record<string, { prefix: string; names: Record<string, string> }> = {
  defect: { prefix: 'BG_', names: { id: 'BG_BUG_ID', name: 'BG_SUMMARY', 'creation-time': 'BG_DETECTION_DATE', 'last-modified': 'BG_VTS', owner: 'BG_RESPONSIBLE' } },
  attachment: { prefix: 'CR_', names: { id: 'CR_REF_ID', name: 'CR_REFERENCE', 'parent-id': 'CR_KEY_1', 'parent-type': 'CR_REF_TABLE' } },
};

function physicalName(entity: string, def: FieldDef): string {
  const table = PHYSICAL[entity] ?? { prefix: '', names: {} };
  return table.names[def.name] ?? `${table.prefix}${def.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

function descriptorOf(entity: string, def: FieldDef): CoreFieldDescriptor {
  const type = coreType(def);
  const target = def.resource && def.resource !== 'user' ? RESOURCE_ENTITY[def.resource].type : undefined;
  return {
    physicalName: physicalName(entity, def),
    name: def.name,
    label: def.label,
    size: def.maxLength,
    history: def.history === true,
    listId: def.listId,
    required: def.required === true,
    system: !def.name.startsWith('user-'),
    type,
    // Verify is Core's name for the catalog's Reference Match: the value must exist.
    verify: def.referenceMatch === true,
    virtual: false,
    active: true,
    editable: def.readOnly !== true,
    // The query compiler accepts every catalog field in `query=`, memos and multi-values included.
    filterable: true,
    groupable: type !== 'Memo',
    supportsMultivalue: def.multiple === true,
    visible: true,
    versionControlled: false,
    references: target ? [{ relationName: def.name, referencedEntityType: target }] : [],
  };
}

export interface FieldFilter {
  required?: boolean;
  filterable?: boolean;
}

export function descriptorsOf(entity: string, catalog: FieldCatalog, filter: FieldFilter): CoreFieldDescriptor[] {
  return catalog.fields
    .map((def) => descriptorOf(entity, def))
    .filter((d) => (filter.required === undefined || d.required === filter.required) && (filter.filterable === undefined || d.filterable === filter.filterable));
}

/** Child elements in the order real servers write them; absent values are left out. */
function children(d: CoreFieldDescriptor): [string, string | number | boolean | undefined][] {
  return [
    ['Size', d.size],
    ['History', d.history],
    ['List-Id', d.listId],
    ['Required', d.required],
    ['System', d.system],
    ['Type', d.type],
    ['Verify', d.verify],
    ['Virtual', d.virtual],
    ['Active', d.active],
    ['Editable', d.editable],
    ['Filterable', d.filterable],
    ['Groupable', d.groupable],
    ['SupportsMultivalue', d.supportsMultivalue],
    ['Visible', d.visible],
    ['VersionControlled', d.versionControlled],
  ];
}

function fieldJson(d: CoreFieldDescriptor): Record<string, unknown> {
  const out: Record<string, unknown> = { PhysicalName: d.physicalName, Name: d.name, Label: d.label };
  for (const [key, value] of children(d)) if (value !== undefined) out[key] = value;
  if (d.references.length) {
    out.References = { RelationReference: d.references.map((r) => ({ RelationName: r.relationName, ReferencedEntityType: r.referencedEntityType })) };
  }
  return out;
}

function fieldNode(d: CoreFieldDescriptor): Record<string, unknown> {
  const node: Record<string, unknown> = { '@_PhysicalName': d.physicalName, '@_Name': d.name, '@_Label': d.label };
  for (const [key, value] of children(d)) if (value !== undefined) node[key] = String(value);
  if (d.references.length) {
    node.References = { RelationReference: d.references.map((r) => ({ '@_RelationName': r.relationName, '@_ReferencedEntityType': r.referencedEntityType })) };
  }
  return node;
}

/**
 * One field as a live 26.1 writes it in JSON (reference §16.8): 24 camelCase keys, `listId` only
 * on list-bound fields, `fieldRelationReferences` null unless the field references an entity.
 */
function fieldCamelJson(d: CoreFieldDescriptor): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: d.name,
    label: d.label,
    physicalName: d.physicalName,
    type: d.type,
    size: d.size ?? 0,
    description: '',
    required: d.required,
    editable: d.editable,
    active: d.active,
    system: d.system,
    virtual: d.virtual,
    verify: d.verify,
    history: d.history,
    filterable: d.filterable,
    groupable: d.groupable,
    searchable: d.type === 'String' || d.type === 'Memo',
    supportsMultivalue: d.supportsMultivalue,
    versionControlled: d.versionControlled,
    visible: d.visible,
    visibleInWebUI: d.visible,
    canChangeRequired: !d.system || !d.required,
    time: false,
  };
  if (d.listId !== undefined) out.listId = d.listId;
  out.fieldRelationReferences = d.references.length
    ? { referenceTypeField: null, references: d.references.map((r) => ({ referencedEntityType: r.referencedEntityType, relationName: r.relationName })) }
    : null;
  return out;
}

/** The field list in `format`; JSON as the profile's release line writes it (`xml-mapped`, or 26.1's camelCase). */
export function renderFields(fields: readonly CoreFieldDescriptor[], format: CoreFormat, dialect: CoreJsonDialect): { type: string; body: string } {
  if (format === 'json') {
    const field = fields.map(dialect === 'live-26.1' ? fieldCamelJson : fieldJson);
    return { type: 'application/json; charset=utf-8', body: JSON.stringify({ Fields: { Field: field } }) };
  }
  return { type: 'application/xml; charset=utf-8', body: xmlDocument({ Fields: { Field: fields.map(fieldNode) } }) };
}
