// Core field metadata (`customization/entities/{type}/fields`) and lists (`customization/used-lists`)
// mapped to the types the `/api` tree's `$metadata/fields` and `list-items` give, so validation and
// the editor cannot tell the trees apart. Every spelling real servers send is read (reference §12.1,
// §16.8): 26.1's JSON with camelCase keys (`{"Fields":{"Field":[{"name","listId",…}]}}`), older JSON
// that maps the XML 1:1 (`Name`, `List-Id`, `References.RelationReference`), arrays directly under
// `Fields`/`lists`, and the XML itself once read into the same tree (http/xmlAnswer.ts).
import { UnexpectedAnswerError } from '../errors';
import { Lists } from '../listItems';
import { Fields } from '../metadata';
import type { DataTypeName, FieldDataType, FieldMeta, FieldValidationRule, ListItem } from '../types';
import { isRecord, optionalText } from './coreValues';

type FieldRecord = Record<string, unknown>;

/** `{"X":[…]}`, `{"X":{"Y":[…]}}` or a lone object: the records either way. */
function listUnder(body: unknown, outer: readonly string[], inner: string): FieldRecord[] {
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

const text = optionalText;

function flag(v: unknown): boolean | undefined {
  const t = text(v)?.toLowerCase();
  return t === undefined ? undefined : t === 'true' || t === 'y' || t === 'yes';
}

function count(v: unknown): number | undefined {
  const t = text(v)?.trim();
  return t !== undefined && /^\d+$/.test(t) ? Number(t) : undefined;
}

/** The first of `keys` the record has: one property under each of its spellings (`listId`, `List-Id`, `ListId`). */
function member(f: FieldRecord, ...keys: string[]): unknown {
  for (const k of keys) if (f[k] !== undefined && f[k] !== null) return f[k];
  return undefined;
}

const read = {
  name: (f: FieldRecord) => text(member(f, 'name', 'Name')),
  label: (f: FieldRecord) => text(member(f, 'label', 'Label')),
  type: (f: FieldRecord) => text(member(f, 'type', 'Type')),
  size: (f: FieldRecord) => count(member(f, 'size', 'Size')),
  listId: (f: FieldRecord) => count(member(f, 'listId', 'List-Id', 'ListId', 'list-id')),
  multiple: (f: FieldRecord) => flag(member(f, 'supportsMultivalue', 'SupportsMultivalue')) === true,
  required: (f: FieldRecord) => flag(member(f, 'required', 'Required')) === true,
  verify: (f: FieldRecord) => flag(member(f, 'verify', 'Verify')),
  active: (f: FieldRecord) => flag(member(f, 'active', 'Active')) !== false,
  visibleInWebUI: (f: FieldRecord) => flag(member(f, 'visibleInWebUI', 'VisibleInWebUI')) !== false,
  editable: (f: FieldRecord) => flag(member(f, 'editable', 'Editable')) !== false,
};

/** The type a reference field points at, from 26.1's `fieldRelationReferences.references[]` or the XML's `References.RelationReference[]`. */
function referencedType(f: FieldRecord): string | undefined {
  const camel = member(f, 'fieldRelationReferences');
  const refs = isRecord(camel) ? listUnder(camel, ['references'], 'references') : listUnder(member(f, 'References', 'references'), ['RelationReference'], 'RelationReference');
  const first = refs[0];
  return (first ? text(member(first, 'referencedEntityType', 'ReferencedEntityType')) : undefined) ?? text(f['Referenced-Entity-Type']);
}

function dataTypeOf(f: FieldRecord): { type: FieldDataType; checked: boolean } {
  const core = (read.type(f) ?? 'String').toLowerCase();
  const multiple = read.multiple(f);
  const listId = read.listId(f);
  const named = (name: DataTypeName, checked = false): { type: FieldDataType; checked: boolean } => ({ type: { name, multiple }, checked });
  switch (core) {
    case 'memo':
      return named('Memo');
    case 'number':
      // Core has one Number type; the /api tree calls sized ones (ids, fix times) Integer and
      // unsized ones (a user field holding 2.5) Float. Values are numbers either way. A Number bound
      // to a list (26.1's `subject`, list 2 of the folder tree, §16.8) still holds a number, and
      // keeps its list binding.
      return { type: { name: read.size(f) ? 'Integer' : 'Float', multiple, ...(listId !== undefined ? { source: { kind: 'list', listId } } : {}) }, checked: false };
    case 'integer':
      return named('Integer');
    case 'float':
    case 'double':
      return named('Float');
    case 'date':
      return named('Date', true);
    case 'lookuplist':
      return { type: { name: 'Reference By Value', multiple, ...(listId !== undefined ? { source: { kind: 'list', listId } } : {}) }, checked: read.verify(f) ?? true };
    case 'userslist':
      return { type: { name: 'Reference', multiple, source: { kind: 'resource', collection: 'user' } }, checked: read.verify(f) ?? true };
    case 'reference': {
      const target = referencedType(f);
      return { type: { name: 'Reference', multiple, ...(target ? { source: { kind: 'resource', collection: target } } : {}) }, checked: true };
    }
    default:
      // String, DateTime and anything new: text. A list-bound string still names its list.
      return { type: { name: 'String', multiple, ...(listId !== undefined ? { source: { kind: 'list', listId } } : {}) }, checked: false };
  }
}

function coreFieldMeta(f: FieldRecord): FieldMeta {
  const name = read.name(f);
  if (!name) throw new UnexpectedAnswerError('A Core field metadata record has no name.');
  const { type, checked } = dataTypeOf(f);
  const required = read.required(f);
  const size = read.size(f);
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
    label: read.label(f) || name,
    dataType: type,
    required,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(format ? { format } : {}),
    referenceMatch: checked,
    sanitization: output[0].value as string,
    inputValidations: input,
    outputValidations: output,
    // 26.1 lists inactive fields too, and fields its web client never shows (reference §16.8).
    hidden: !read.active(f) || !read.visibleInWebUI(f),
    editable: read.editable(f),
  };
}

/** The fields of `collection` from a `customization/entities/{type}/fields` answer. */
export function parseCoreFields(collection: string, body: unknown): Fields {
  const records = listUnder(body, ['Fields', 'fields', 'Field'], 'Field');
  if (records.length === 0) throw new UnexpectedAnswerError(`The field metadata of ${collection} lists no fields. Check that the URL points to the ALM server (…/qcbin).`);
  return new Fields(collection, records.map(coreFieldMeta));
}

/** Item ids for list values, which Core does not number: far above any real list id. */
const FIRST_VALUE_ID = 2_000_000_000;

/** The lists of a `customization/used-lists` (or `lists`) answer as the `/api` tree's list tree. */
export function parseCoreLists(body: unknown): Lists {
  const lists = listUnder(body, ['lists', 'Lists', 'List'], 'List');
  if (lists.length === 0 && !isEmptyListAnswer(body)) throw new UnexpectedAnswerError("The project's lists are not a valid Lists answer. Check that the URL points to the ALM server (…/qcbin).");
  const items: ListItem[] = [];
  let next = FIRST_VALUE_ID;
  const walk = (values: FieldRecord[], parentId: number, depth: number): void => {
    if (depth > 64) return;
    for (const v of values) {
      const name = text(v.value ?? v.Value ?? v.Name) ?? '';
      const id = next++;
      items.push({ id, logicalName: text(v.logicalName ?? v.LogicalName) ?? name, name, parentId, children: [] });
      // JSON nests a tree list's values under `Items`; the XML puts `<Item>`s straight inside their parent.
      walk(listUnder(v.Items ?? v.items ?? (v.Item === undefined ? undefined : { Item: v.Item }), ['Item'], 'Item'), id, depth + 1);
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

/** `{"lists":[]}`, `<Lists/>` and the like: a project with no lists, not an unknown answer. */
function isEmptyListAnswer(body: unknown): boolean {
  if (Array.isArray(body)) return true;
  return isRecord(body) && ['lists', 'Lists'].some((k) => k in body && (body[k] === '' || body[k] === null || Array.isArray(body[k]) || isRecord(body[k])));
}
