// Core field metadata (`customization/entities/{type}/fields`) and lists (`customization/used-lists`)
// mapped to the types the `/api` tree's `$metadata/fields` and `list-items` give, so validation and
// the editor cannot tell the trees apart. Both JSON spellings seen in the wild are read: arrays
// directly under `Fields`/`lists`, or the XML tree mapped 1:1 (`{"Fields":{"Field":[…]}}`).
import { ServerError } from '../errors';
import { Lists } from '../listItems';
import { Fields } from '../metadata';
import type { DataTypeName, FieldDataType, FieldMeta, FieldValidationRule, ListItem } from '../types';
import { isRecord } from './coreValues';

/** `{"X":[…]}`, `{"X":{"Y":[…]}}` or a lone object: the records either way. */
function listUnder(body: unknown, outer: readonly string[], inner: string): Record<string, unknown>[] {
  if (Array.isArray(body)) return body.filter(isRecord);
  if (!isRecord(body)) return [];
  for (const key of outer) {
    const v = body[key];
    if (Array.isArray(v)) return v.filter(isRecord);
    if (isRecord(v) && key === inner) return [v];
    if (isRecord(v)) {
      const nested = v[inner];
      if (Array.isArray(nested)) return nested.filter(isRecord);
      if (isRecord(nested)) return [nested];
    }
  }
  return [];
}

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function flag(v: unknown): boolean | undefined {
  const t = text(v)?.toLowerCase();
  return t === undefined ? undefined : t === 'true' || t === 'y' || t === 'yes';
}

function count(v: unknown): number | undefined {
  const t = text(v);
  return t !== undefined && /^\d+$/.test(t) ? Number(t) : undefined;
}

/** The type a reference field points at: `References.RelationReference[0].ReferencedEntityType`. */
function referencedType(f: Record<string, unknown>): string | undefined {
  const refs = listUnder(f.References ?? f.references, ['RelationReference'], 'RelationReference');
  return (refs.length ? text(refs[0].ReferencedEntityType) : undefined) ?? text(f['Referenced-Entity-Type']);
}

function dataTypeOf(f: Record<string, unknown>): { type: FieldDataType; checked: boolean } {
  const core = (text(f.Type) ?? 'String').toLowerCase();
  const multiple = flag(f.SupportsMultivalue) === true;
  const listId = count(f['List-Id'] ?? f.ListId);
  const named = (name: DataTypeName, checked = false): { type: FieldDataType; checked: boolean } => ({ type: { name, multiple }, checked });
  switch (core) {
    case 'memo':
      return named('Memo');
    case 'number':
      // Core has one Number type; the /api tree calls sized ones (ids, fix times) Integer and
      // unsized ones (a user field holding 2.5) Float. Values are numbers either way.
      return named(count(f.Size) ? 'Integer' : 'Float');
    case 'integer':
      return named('Integer');
    case 'float':
    case 'double':
      return named('Float');
    case 'date':
      return named('Date', true);
    case 'lookuplist':
      return { type: { name: 'Reference By Value', multiple, ...(listId !== undefined ? { source: { kind: 'list', listId } } : {}) }, checked: flag(f.Verify) ?? true };
    case 'userslist':
      return { type: { name: 'Reference', multiple, source: { kind: 'resource', collection: 'user' } }, checked: flag(f.Verify) ?? true };
    case 'reference': {
      const target = referencedType(f);
      return { type: { name: 'Reference', multiple, ...(target ? { source: { kind: 'resource', collection: target } } : {}) }, checked: true };
    }
    default:
      // String, DateTime and anything new: text. A list-bound string still names its list.
      return { type: { name: 'String', multiple, ...(listId !== undefined ? { source: { kind: 'list', listId } } : {}) }, checked: false };
  }
}

function coreFieldMeta(f: Record<string, unknown>): FieldMeta {
  const name = text(f.Name ?? f.name);
  if (!name) throw new ServerError('A Core field metadata record has no Name.');
  const { type, checked } = dataTypeOf(f);
  const required = flag(f.Required) === true;
  const size = count(f.Size);
  const maxLength = size && size > 0 ? (type.name === 'Date' ? 1 : size) : undefined;
  const format = type.name === 'Date' ? 'YYYY-MM-DD' : undefined;
  // The same rules `$metadata/fields` lists, so code reading them sees both trees alike.
  const input: FieldValidationRule[] = [];
  if (required) input.push({ name: 'Not Null' });
  if (maxLength !== undefined) input.push({ name: 'Maximum length', value: maxLength });
  if (checked) input.push({ name: 'Reference Match' });
  if (format) input.push({ name: 'Format', value: format });
  const output: FieldValidationRule[] = [{ name: 'Sanitization', value: type.name === 'Memo' ? 'HTML' : 'Text' }];
  return {
    name,
    label: text(f.Label ?? f.label) || name,
    dataType: type,
    required,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(format ? { format } : {}),
    referenceMatch: checked,
    sanitization: output[0].value as string,
    inputValidations: input,
    outputValidations: output,
  };
}

/** The fields of `collection` from a `customization/entities/{type}/fields` answer. */
export function parseCoreFields(collection: string, body: unknown): Fields {
  const records = listUnder(body, ['Fields', 'fields', 'Field'], 'Field');
  if (records.length === 0) throw new ServerError(`The field metadata of ${collection} lists no fields. Check that the URL points to the ALM server (…/qcbin).`);
  // Inactive fields are not offered by ALM's own UI either.
  return new Fields(collection, records.filter((r) => flag(r.Active) !== false).map(coreFieldMeta));
}

/** Item ids for list values, which Core does not number: far above any real list id. */
const FIRST_VALUE_ID = 2_000_000_000;

/** The lists of a `customization/used-lists` (or `lists`) answer as the `/api` tree's list tree. */
export function parseCoreLists(body: unknown): Lists {
  const lists = listUnder(body, ['lists', 'Lists', 'List'], 'List');
  const items: ListItem[] = [];
  let next = FIRST_VALUE_ID;
  const walk = (values: Record<string, unknown>[], parentId: number, depth: number): void => {
    if (depth > 64) return;
    for (const v of values) {
      const name = text(v.value ?? v.Value ?? v.Name) ?? '';
      const id = next++;
      items.push({ id, logicalName: text(v.logicalName ?? v.LogicalName) ?? name, name, parentId, children: [] });
      walk(listUnder(v.Items ?? v.items, ['Item'], 'Item'), id, depth + 1);
    }
  };
  for (const l of lists) {
    const id = count(l.Id ?? l.id);
    if (id === undefined) continue;
    const name = text(l.Name ?? l.name) ?? '';
    items.push({ id, logicalName: text(l.LogicalName ?? l.logicalName) ?? name, name, parentId: 0, children: [] });
    walk(listUnder(l.Items ?? l.items, ['Item'], 'Item'), id, 0);
  }
  return new Lists(items);
}
