// The `$metadata/fields` body. Each record carries two members named `type` — the string
// `field` first, the data-type object last — exactly as the seed shows, so it is written by
// hand: JSON.stringify cannot emit a duplicate key.
import type { FieldCatalog } from './catalog';
import type { FieldDef } from './types';

interface Validation {
  name: string;
  value?: string | number;
}

function inputValidations(def: FieldDef): Validation[] {
  const out: Validation[] = [];
  if (def.format) out.push({ name: 'Format', value: def.format });
  if (def.required) out.push({ name: 'Not Null' });
  if (def.maxLength !== undefined) out.push({ name: 'Maximum length', value: def.maxLength });
  if (def.referenceMatch) out.push({ name: 'Reference Match' });
  return out;
}

/** The data-type object: list-based references name their list, resource references their collection. */
function dataTypeOf(def: FieldDef): Record<string, unknown> {
  if (def.dataType !== 'Reference' && def.dataType !== 'Reference By Value') return { name: def.dataType };
  const source = def.listId !== undefined ? { type: 'list-item', field: 'name', parent: { type: 'list-item', id: def.listId } } : { type: def.resource ?? 'user' };
  return { name: def.dataType, multiple: def.multiple === true, source };
}

/** One field record as JSON text. */
export function fieldRecordJson(def: FieldDef): string {
  const body: Record<string, unknown> = { name: def.name, label: def.label };
  const inputs = inputValidations(def);
  if (inputs.length) body['input-validations'] = inputs;
  body['output-validations'] = [{ name: 'Sanitization', value: def.sanitization }];
  const middle = JSON.stringify(body).slice(1, -1);
  return `{"type":"field",${middle},"type":${JSON.stringify(dataTypeOf(def))}}`;
}

/** `{"data":[…]}` for a collection's fields (the seed shows no `total-count` here). */
export function fieldsResponseJson(catalog: FieldCatalog): string {
  return `{"data":[${catalog.fields.map(fieldRecordJson).join(',')}]}`;
}
