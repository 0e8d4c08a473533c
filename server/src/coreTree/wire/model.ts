// The Core tree's entity model (reference §4.1, §4.2): what both wire forms (json.ts, xml.ts) write
// and read, and the errors a body that is not an entity gets.
import { AlmError } from '../../errors';
import { memoReadBack } from './memoReadBack';

/** One value of a field; all Core values are strings. */
interface CoreValue {
  value: string;
  /** Display value of a reference (e.g. a release's name beside its id). */
  referenceValue?: string;
}

export interface CoreField {
  name: string;
  /** Empty for a field without a value; several for a multi-valued field. */
  values: CoreValue[];
  /** A memo (HTML) field, whose images a release line may rewrite on read. */
  memo?: boolean;
  /** Written as one empty value (`[{}]`, `<Value></Value>`) when it has none, by release lines that do (26.1). */
  blankWhenEmpty?: boolean;
}

/** True when an empty field is written as one empty value under `envelope`. */
export function writtenBlank(field: CoreField, envelope: Envelope): boolean {
  return field.values.length === 0 && field.blankWhenEmpty === true && envelope.blankEmptyValues;
}

/** The text a field's value is written with under `envelope`. */
export function shownValue(field: CoreField, value: string, envelope: Envelope): string {
  return field.memo && envelope.memoReadBack ? memoReadBack(value) : value;
}

export interface CoreEntity {
  type: string;
  fields: CoreField[];
}

export type CoreFormat = 'xml' | 'json';

/** What a write body held: one entity, or the bulk form (`<Entities>`, `{"entities":[…]}`). */
export interface ParsedEntities {
  bulk: boolean;
  entities: CoreEntity[];
}

/** The 400 of a write body that is not an entity, saying what one looks like. */
export function badBody(detail: string): AlmError {
  return new AlmError(
    400,
    'qccore.general-error',
    `${detail} Send <Entity Type="defect"><Fields><Field Name="name"><Value>…</Value></Field></Fields></Entity> or {"Fields":[{"Name":"name","values":[{"value":"…"}]}],"Type":"defect"}.`,
  );
}

/** The entity type a body names, or the collection's when it names none; another type is a 400. */
export function checkType(raw: unknown, expectedType: string, where: string): string {
  // Some clients (Jenkins' plugin) send <Entity> without Type; the URL names the collection.
  if (raw === undefined || raw === null || raw === '') return expectedType;
  if (raw !== expectedType) throw new AlmError(400, 'qccore.general-error', `${where}Entity type must be '${expectedType}', got '${typeof raw === 'string' ? raw : JSON.stringify(raw)}'.`);
  return expectedType;
}

/**
 * What a release line adds around an entity (reference §16.2): with `entityStatus` (26.1),
 * collection rows carry `ErrorMessage`, `EntityStatus` and `children-count`, single entities
 * `children-count` only (XML: the attributes and a `<ChildrenCount>` element on every entity).
 */
export interface Envelope {
  entityStatus: boolean;
  /** Reference values carry the referenced entity's name as `ReferenceValue` (26.1 sends the id only). */
  referenceValues: boolean;
  /** Memos are sanitized and re-laid-out on read as a live 26.1 does (reference §16.6, memoReadBack.ts). */
  memoReadBack: boolean;
  /** Empty String, Memo, list, user and single-reference fields written as one empty value (26.1); else `[]`. */
  blankEmptyValues: boolean;
}

/** The plain 12.5x envelope: nothing added, reference names given. */
export const PLAIN_ENVELOPE: Envelope = { entityStatus: false, referenceValues: true, memoReadBack: false, blankEmptyValues: false };
