// Core `Fields` envelopes and their values. On the wire every value is a string inside
// `{"Fields":[{"Name":"x","values":[{"value":"v"}]}],"Type":"defect"}`; callers get what the `/api`
// tree gives them — numbers for numeric fields, arrays for multi-valued ones, `{id, type}` for
// resource references, null for empty — decided by the collection's field metadata.
import { ServerError } from '../errors';
import { entityTypeOf, isUserCollection } from '../fieldValues';
import type { FieldCatalog, FieldMeta, FieldValue } from '../types';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A JSON scalar as text; '' for null, undefined, objects and arrays (never "[object Object]"). */
export function scalarText(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : '';
}

/** A JSON scalar as text; undefined for null, undefined, objects and arrays. */
export function optionalText(v: unknown): string | undefined {
  return v === null || v === undefined || typeof v === 'object' ? undefined : scalarText(v);
}

/** A value as flattened from the envelope: none, one string, or several. */
type RawValue = string | string[] | null;

/**
 * One entity's envelope as a flat record: `type`, then each field's values (none → null, one →
 * the string, several → the array). Field names `type` is reserved for the entity's Type.
 */
export function flattenEntity(entity: unknown): Record<string, unknown> {
  if (!isRecord(entity) || !Array.isArray(entity.Fields)) {
    throw new ServerError('The server\'s answer is not a valid Core entity (no "Fields"). Check that the URL points to the ALM server (…/qcbin).');
  }
  const out: Record<string, unknown> = { type: typeof entity.Type === 'string' ? entity.Type : undefined };
  for (const f of entity.Fields as unknown[]) {
    if (!isRecord(f) || typeof f.Name !== 'string' || f.Name === 'type') continue;
    out[f.Name] = flatValues(f.values ?? f.Values);
  }
  return out;
}

function flatValues(values: unknown): RawValue {
  if (!Array.isArray(values)) return null;
  const texts: string[] = [];
  for (const v of values as unknown[]) {
    const value = isRecord(v) ? v.value : v;
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') texts.push(String(value));
  }
  return texts.length === 0 ? null : texts.length === 1 ? texts[0] : texts;
}

/** A caller's value as Core value strings: arrays as several values, references by id, empty as none. */
function coreValues(value: unknown): { value: string }[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(coreValues);
  if (typeof value === 'boolean') return [{ value: value ? 'Y' : 'N' }];
  if (isRecord(value)) return value.id === undefined ? [] : [{ value: scalarText(value.id) }];
  return [{ value: scalarText(value) }];
}

/** The envelope of one entity with the given fields (names are kept in the caller's order). */
export function entityEnvelope(type: string, fields: Record<string, unknown>): { Fields: { Name: string; values: { value: string }[] }[]; Type: string } {
  return { Fields: Object.entries(fields).map(([Name, v]) => ({ Name, values: coreValues(v) })), Type: type };
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** Core entity types of the resources a reference field can point to, by the metadata's name for them. */

type Convert = (raw: RawValue) => FieldValue;

const asText: Convert = (raw) => (raw === '' ? null : raw);
const asInteger: Convert = (raw) => {
  const t = asText(raw);
  return typeof t === 'string' && INTEGER.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : t;
};
const asFloat: Convert = (raw) => {
  const t = asText(raw);
  return typeof t === 'string' && NUMBER.test(t) ? Number(t) : t;
};
const asList: Convert = (raw) => (raw === null ? null : Array.isArray(raw) ? raw : raw === '' ? null : [raw]);

function converterFor(f: FieldMeta): Convert {
  const t = f.dataType;
  if (t.multiple) return asList;
  if (t.name === 'Integer') return asInteger;
  if (t.name === 'Float') return asFloat;
  const src = t.source;
  if (t.name === 'Reference' && src?.kind === 'resource' && !isUserCollection(src.collection)) {
    const type = entityTypeOf(src.collection);
    return (raw) => {
      const id = asInteger(raw);
      return typeof id === 'number' ? { id, type } : id;
    };
  }
  return asText;
}

/** Fields that are numbers on every server, typed even before (or without) metadata. */
const ALWAYS: Record<string, Convert> = { id: asInteger, 'ver-stamp': asInteger };

/** Turns flattened string records into typed ones, by the fields of `catalog`. */
export class ValueTyper {
  private readonly converters = new Map<string, Convert>();

  constructor(catalog?: FieldCatalog) {
    for (const f of catalog?.fields ?? []) this.converters.set(f.name, converterFor(f));
    for (const [name, c] of Object.entries(ALWAYS)) this.converters.set(name, c);
  }

  /** Typed copy of `record`; unknown fields keep their text. */
  type(record: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const key in record) {
      const raw = record[key] as RawValue;
      out[key] = key === 'type' ? raw : (this.converters.get(key) ?? asText)(raw);
    }
    return out;
  }
}
