// Field metadata (`$metadata/fields`) parsed from the raw response text, so that both `type`
// members of a field record are understood: the string `field` and the data-type object.
import { UnexpectedAnswerError } from './errors';
import { allValues, parseJsonKeepingDuplicates } from './jsonDuplicates';
import type { JsonObject, JsonValue } from './jsonDuplicates';
import type { FieldCatalog, FieldDataType, FieldMeta, FieldSource, FieldValidationRule } from './types';

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: JsonValue | undefined): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v);
  return undefined;
}

function rules(v: JsonValue | undefined): FieldValidationRule[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObject).flatMap((r) => (typeof r.name === 'string' ? [{ name: r.name, value: r.value }] : []));
}

/** A list source (`source.parent.id`, or `target: {type: list-items, parent-id}`) or a resource one. */
function sourceOf(t: JsonObject): FieldSource | undefined {
  const src = isObject(t.source) ? t.source : isObject(t.target) ? t.target : undefined;
  if (!src) return undefined;
  const listId = num(isObject(src.parent) ? src.parent.id : undefined) ?? num(src['parent-id']);
  if (listId !== undefined && (src.type === 'list-item' || src.type === 'list-items' || src.type === undefined)) {
    return { kind: 'list', listId };
  }
  return typeof src.type === 'string' ? { kind: 'resource', collection: src.type } : undefined;
}

function dataTypeOf(record: JsonObject): FieldDataType {
  // The data type is whichever `type` member is an object; the other is the literal "field".
  const t = allValues(record, 'type').find(isObject);
  if (!t) return { name: 'String', multiple: false };
  const name = typeof t.name === 'string' ? t.name : 'String';
  return { name, multiple: t.multiple === true, source: sourceOf(t) };
}

function parseFieldRecord(record: JsonObject): FieldMeta {
  if (typeof record.name !== 'string') throw new UnexpectedAnswerError('A field metadata record has no name.');
  const input = rules(record['input-validations']);
  const output = rules(record['output-validations']);
  const rule = (n: string): FieldValidationRule | undefined => input.find((r) => r.name.toLowerCase() === n.toLowerCase());
  const maxLength = num(rule('Maximum length')?.value as JsonValue | undefined);
  const format = rule('Format')?.value;
  const sanitization = output.find((r) => r.name === 'Sanitization')?.value;
  return {
    name: record.name,
    label: typeof record.label === 'string' && record.label ? record.label : record.name,
    dataType: dataTypeOf(record),
    required: rule('Not Null') !== undefined,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(typeof format === 'string' ? { format } : {}),
    referenceMatch: rule('Reference Match') !== undefined,
    ...(typeof sanitization === 'string' ? { sanitization } : {}),
    inputValidations: input,
    outputValidations: output,
    // `$metadata/fields` says neither; the server still refuses what it does not accept.
    hidden: false,
    editable: true,
  };
}

export class Fields implements FieldCatalog {
  private readonly byName: Map<string, FieldMeta>;

  constructor(
    readonly collection: string,
    readonly fields: readonly FieldMeta[],
  ) {
    this.byName = new Map(fields.map((f) => [f.name, f]));
  }

  get(name: string): FieldMeta | undefined {
    return this.byName.get(name);
  }

  label(name: string): string {
    return this.byName.get(name)?.label ?? name;
  }
}

/** Parses the raw text of a `$metadata/fields` response. */
export function parseFieldsText(collection: string, text: string): Fields {
  let root: JsonValue;
  try {
    root = parseJsonKeepingDuplicates(text);
  } catch (e) {
    throw new UnexpectedAnswerError(`The field metadata of ${collection} is not valid JSON (${e instanceof Error ? e.message : String(e)}).`);
  }
  const data = isObject(root) ? root.data : Array.isArray(root) ? root : undefined;
  if (!Array.isArray(data)) throw new UnexpectedAnswerError(`The field metadata of ${collection} has no data list.`);
  return new Fields(collection, data.filter(isObject).map(parseFieldRecord));
}
