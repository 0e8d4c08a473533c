// Value comparison and normalisation for edits: the form sends what the user typed, the server
// returns typed values; both must compare equal when they mean the same thing.
import type { FieldValue } from '../../api/index';
import type { WireValue } from '../../shared/editorProtocol';

/** Empty text, an empty list and null all mean "no value" to ALM. */
export function isEmptyValue(v: WireValue | FieldValue | undefined): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Whether two values mean the same (order of a multi-value does not matter; `{id,type}` by id). */
export function sameValue(a: WireValue | undefined, b: WireValue | undefined): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (isEmptyValue(a) || isEmptyValue(b)) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const sorted = (x: string[]) => [...x].sort().join('\u0000');
    return sorted(a) === sorted(b);
  }
  if (typeof a === 'object' && typeof b === 'object' && a && b) return a.id === b.id;
  // A number against its text (or another number); an object never equals a number.
  if (typeof a === 'number' || typeof b === 'number') return typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b);
  return a === b;
}

/** The value to keep as an edit: empty becomes null, so "cleared" is one value. */
export function normalizeEdit(v: WireValue): WireValue {
  if (isEmptyValue(v)) return null;
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string');
  return v;
}

/** A structured copy that cannot alias the caller's objects. */
export function cloneValues(values: Record<string, WireValue>): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const [k, v] of Object.entries(values)) {
    out[k] = Array.isArray(v) ? [...v] : v && typeof v === 'object' ? { ...v } : v;
  }
  return out;
}

/** Only the wire-safe values of a defect (drops undefined, which JSON and postMessage would lose). */
export function wireValues(record: Record<string, FieldValue | undefined>): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const [k, v] of Object.entries(record)) if (v !== undefined) out[k] = v;
  return cloneValues(out);
}
