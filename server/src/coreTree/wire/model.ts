// The Core tree's entity model (reference §4.1, §4.2): what both wire forms (json.ts, xml.ts) write
// and read, and the errors a body that is not an entity gets.
import { AlmError } from '../../errors';

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
}

/** The plain 12.5x envelope: nothing added, reference names given. */
export const PLAIN_ENVELOPE: Envelope = { entityStatus: false, referenceValues: true };
