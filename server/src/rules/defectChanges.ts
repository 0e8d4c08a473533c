// Turns a defect write body into validated column values: unknown fields, read-only fields and
// bad values are refused with the ALM error a real server gives, before anything is stored.
import { AlmError } from '../errors';
import { CATALOGS } from '../metadata/catalog';
import { requiredMissing, toStoredValue } from '../metadata/validate';
import type { ProjectStore } from '../store/project';
import type { StoredValue } from '../store/projectTypes';

const DEFECT = CATALOGS.defects;

export type DefectBody = Record<string, unknown>;

/** The body must be a JSON object (not an array, string or null). */
export function asObject(body: unknown, what: string): DefectBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AlmError(400, 'qccore.general-error', `Expected ${what} as a JSON object.`);
  }
  return body as DefectBody;
}

/**
 * Validated stored values for every field of `body`. `id` is accepted only where it names the
 * instance being written (`expectedId`); `type` must be `defect`.
 */
export function validateChanges(store: ProjectStore, body: DefectBody, expectedId: number | undefined): Record<string, StoredValue> {
  const changes: Record<string, StoredValue> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'type') {
      if (value !== 'defect') throw new AlmError(400, 'qccore.general-error', `Entity type must be 'defect', got ${JSON.stringify(value)}.`);
      continue;
    }
    const def = DEFECT.field(name);
    if (!def || def.name !== name) throw new AlmError(400, 'qccore.unknown-field-name', `Unknown field name '${name}' for entity 'defect'.`, [{ Name: 'field', Value: name }]);
    if (name === 'id') {
      if (expectedId !== undefined && Number(value) === expectedId) continue;
      throw readOnly('id', expectedId === undefined ? 'ids are assigned by the server' : `it does not match defect ${expectedId} addressed by the URL`);
    }
    if (def.readOnly) throw readOnly(name, 'the server maintains it');
    changes[name] = toStoredValue(def, value, store);
  }
  return changes;
}

function readOnly(name: string, why: string): AlmError {
  return new AlmError(403, 'qccore.operation-forbidden', `Field '${name}' is read-only: ${why}.`, [{ Name: 'field', Value: name }]);
}

/** Not Null fields missing from a new defect. */
export function assertRequired(values: Record<string, StoredValue>): void {
  for (const def of DEFECT.fields) {
    if (def.required && (values[def.name] === undefined || values[def.name] === null)) throw requiredMissing(def);
  }
}
