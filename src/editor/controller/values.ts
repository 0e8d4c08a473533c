// Normalisation and copies of edits: the form sends what the user typed, the server returns typed
// values. When two values are the same is the client's one definition (api/fieldValues.ts).
import { isEmptyValue } from '../../api/index';
import type { FieldValue } from '../../api/index';
import type { WireValue } from '../../shared/editorProtocol';

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
