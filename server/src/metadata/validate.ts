// Validation of written values against the field metadata: type, Not Null, Maximum length,
// Format and Reference Match (list members, project users, existing releases/cycles/environments).
// A value that passes is returned in its stored form.
import { DEFAULT_LIMITS } from '../config';
import { AlmError } from '../errors';
import type { ResourceTable, StoredValue } from '../store/projectTypes';
import { isValidDate } from '../store/time';
import type { FieldDef, ResourceSource } from './types';

/** What Reference Match looks up in the project. */
export interface ReferenceChecks {
  listValues(listId: number): Set<string>;
  hasUser(name: string): boolean;
  resourceExists(table: ResourceTable, id: number): boolean;
  /** Largest value of one field in UTF-8 bytes (the server's maxFieldBytes); default DEFAULT_LIMITS. */
  readonly maxFieldBytes?: number;
}

/** Entity type names of resource references, as sent and returned in `{id, type}`. */
export const RESOURCE_ENTITY: Record<Exclude<ResourceSource, 'user'>, { table: ResourceTable; type: string; aliases: string[] }> = {
  releases: { table: 'releases', type: 'release', aliases: ['release', 'releases'] },
  release_cycles: { table: 'release_cycles', type: 'release-cycle', aliases: ['release-cycle', 'release_cycle', 'release_cycles', 'release-cycles'] },
  environments: { table: 'environments', type: 'environment', aliases: ['environment', 'environments'] },
};

const fieldProps = (def: FieldDef, value: unknown) => [
  { Name: 'field', Value: def.name },
  { Name: 'value', Value: typeof value === 'string' || typeof value === 'number' ? value : (JSON.stringify(value) ?? null) },
];

const invalidType = (def: FieldDef, value: unknown, expected: string) =>
  new AlmError(400, 'qccore.invalid-value-type-for-field', `Invalid value for field '${def.name}' (${def.label}): expected ${expected}, got ${JSON.stringify(value)}.`, fieldProps(def, value));

export function requiredMissing(def: FieldDef): AlmError {
  return new AlmError(400, 'qccore.required-field-missing', `Required field '${def.name}' (${def.label}) is missing or empty.`, [{ Name: 'field', Value: def.name }]).withVariants({
    requiredLabel: def.label,
  });
}

function checkLength(def: FieldDef, text: string): void {
  // Date fields declare a nominal length of 1 (seed table); their format check is what counts.
  if (def.maxLength === undefined || def.dataType === 'Date' || def.dataType === 'Integer') return;
  if (text.length > def.maxLength) {
    throw new AlmError(400, 'qccore.invalid-value-type-for-field', `Value of field '${def.name}' (${def.label}) is ${text.length} characters long; the maximum length is ${def.maxLength}.`, [
      ...fieldProps(def, text.length > 80 ? `${text.slice(0, 80)}…` : text),
      { Name: 'maximum-length', Value: def.maxLength },
    ]);
  }
}

function asText(def: FieldDef, value: unknown): string {
  if (typeof value === 'string') return value;
  throw invalidType(def, value, 'a string');
}

function listValue(def: FieldDef, value: string, checks: ReferenceChecks): string {
  checkLength(def, value);
  if (def.referenceMatch && def.listId !== undefined && !checks.listValues(def.listId).has(value)) {
    throw new AlmError(400, 'qccore.invalid-list-field-value', `Value '${value}' of field '${def.name}' (${def.label}) is not in its list (list id ${def.listId}).`, fieldProps(def, value));
  }
  return value;
}

function resourceId(def: FieldDef, value: unknown, checks: ReferenceChecks): number {
  const target = RESOURCE_ENTITY[def.resource as Exclude<ResourceSource, 'user'>];
  let id: unknown = value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const ref = value as Record<string, unknown>;
    if (ref.type !== undefined && (typeof ref.type !== 'string' || !target.aliases.includes(ref.type))) {
      throw invalidType(def, value, `a reference to a ${target.type}`);
    }
    id = ref.id;
  }
  if (typeof id === 'string' && /^\d{1,15}$/.test(id)) id = Number(id);
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw invalidType(def, value, `{"id": <integer>, "type": "${target.type}"}`);
  if (def.referenceMatch && !checks.resourceExists(target.table, id)) {
    throw new AlmError(400, 'qccore.invalid-value-type-for-field', `Field '${def.name}' (${def.label}) refers to ${target.type} ${id}, which does not exist.`, fieldProps(def, id)).withVariants({
      businessRule: true,
    });
  }
  return id;
}

/** Only whitespace and NUL: not a value a required field may count as filled in. */
const BLANK = /^[\s\u0000]*$/;

/** A value over the server's field size is refused before anything else looks at it. */
function checkSize(def: FieldDef, value: string, maxBytes: number): void {
  // Cheap first: a string of at most max/3 UTF-16 units cannot exceed max bytes.
  if (value.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes <= maxBytes) return;
  throw new AlmError(
    413,
    'qccore.invalid-value-type-for-field',
    `Value of field '${def.name}' (${def.label}) is ${bytes} bytes; this server accepts at most ${maxBytes} bytes in one field. Shorten it, or attach long text as a file.`,
    [
      { Name: 'field', Value: def.name },
      { Name: 'maximum-bytes', Value: maxBytes },
    ],
  );
}

/**
 * Characters no XML 1.0 document may hold (C0 controls but tab, newline and carriage return;
 * U+FFFE/U+FFFF; lone surrogates): a value holding one would make every Core XML answer showing
 * it ill-formed (issue 28 item 8), so it is refused where it is written, in both trees.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkXmlCharacters(def: FieldDef, value: string): void {
  const bad = NOT_XML.exec(value);
  if (!bad) return;
  const code = `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  throw new AlmError(
    400,
    'qccore.invalid-value-type-for-field',
    `Value of field '${def.name}' (${def.label}) holds the character ${code} at position ${bad.index}, which no XML document may hold. Remove it.`,
    fieldProps(def, code),
  );
}

/** Converts one written value to its stored form, or throws a 4xx AlmError saying why not. */
export function toStoredValue(def: FieldDef, value: unknown, checks: ReferenceChecks): StoredValue {
  const maxBytes = checks.maxFieldBytes ?? DEFAULT_LIMITS.maxFieldBytes;
  if (typeof value === 'string') checkSize(def, value, maxBytes);
  else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') checkSize(def, v, maxBytes);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    if (def.required) throw requiredMissing(def);
    return null;
  }
  if (def.required && typeof value === 'string' && BLANK.test(value)) throw requiredMissing(def);
  if (typeof value === 'string') checkXmlCharacters(def, value);
  else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') checkXmlCharacters(def, v);
  switch (def.dataType) {
    case 'Integer': {
      const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw invalidType(def, value, 'an integer');
      if (def.maxLength !== undefined && String(Math.abs(n)).length > def.maxLength) {
        throw new AlmError(400, 'qccore.invalid-value-type-for-field', `Value ${n} of field '${def.name}' (${def.label}) has more than ${def.maxLength} digits.`, fieldProps(def, n));
      }
      return n;
    }
    case 'Float': {
      const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw invalidType(def, value, 'a number (digits, "-" and "." only)');
      return n;
    }
    case 'Date': {
      const text = asText(def, value);
      if (!isValidDate(text)) throw invalidType(def, value, 'a date in the form YYYY-MM-DD');
      return text;
    }
    case 'Reference':
      if (def.resource && def.resource !== 'user') return resourceId(def, value, checks);
      return userName(def, value, checks);
    case 'Reference By Value':
      if (def.multiple) {
        const values = Array.isArray(value) ? value : [value];
        const checked = values.map((v) => listValue(def, asText(def, v), checks));
        return JSON.stringify([...new Set(checked)]);
      }
      return listValue(def, asText(def, value), checks);
    default: {
      // Y/N flags: clients send a boolean for has-linkage (seed note 4).
      const text = typeof value === 'boolean' && def.maxLength === 1 ? (value ? 'Y' : 'N') : asText(def, value);
      checkLength(def, text);
      return text;
    }
  }
}

function userName(def: FieldDef, value: unknown, checks: ReferenceChecks): string {
  const name = value && typeof value === 'object' && 'id' in value ? value.id : value;
  const text = asText(def, name);
  checkLength(def, text);
  if (def.referenceMatch && !checks.hasUser(text)) {
    throw new AlmError(400, 'qccore.invalid-list-field-value', `Field '${def.name}' (${def.label}): '${text}' is not a user of this project.`, fieldProps(def, text)).withVariants({
      businessRule: true,
    });
  }
  return text;
}
