// Field metadata for tests, as the client's metadata reader gives it: one field with the defaults
// most fields have, and a catalog of fields.
import type { FieldCatalog, FieldMeta } from '../../src/api/index';

/** An optional, editable, shown String field with no validations, named `name`; `over` sets the rest. */
export function fieldMeta(name: string, over: Partial<FieldMeta> = {}): FieldMeta {
  return {
    name,
    label: name,
    dataType: { name: 'String', multiple: false },
    required: false,
    referenceMatch: false,
    inputValidations: [],
    outputValidations: [],
    hidden: false,
    editable: true,
    ...over,
  };
}

/** The defects' catalog of `fields`: a field by name, and a name's label (the name itself for an unknown field). */
export function catalogOf(fields: FieldMeta[]): FieldCatalog {
  return { collection: 'defects', fields, get: (n) => fields.find((f) => f.name === n), label: (n) => fields.find((f) => f.name === n)?.label ?? n };
}
