// The unsaved-edits snapshot the webview keeps with `setState`. After a window reload it comes
// back through the panel serializer as untrusted JSON, so it is checked field by field.
import type { DefectKey, PersistedEditorState, WireValue } from '../../shared/editorProtocol';
import { cloneValues } from './values';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isWireValue(v: unknown): v is WireValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string');
  return isRecord(v) && typeof v.type === 'string' && typeof v.id === 'number';
}

function wireRecord(v: unknown): Record<string, WireValue> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, WireValue> = {};
  for (const [k, x] of Object.entries(v)) {
    if (!isWireValue(x)) return undefined;
    out[k] = x;
  }
  return out;
}

function parseDefectKey(v: unknown): DefectKey | undefined {
  if (!isRecord(v)) return undefined;
  const { server, domain, project, id } = v;
  if (typeof server !== 'string' || typeof domain !== 'string' || typeof project !== 'string') return undefined;
  if (!server || !domain || !project) return undefined;
  if (id !== undefined && (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)) return undefined;
  return id === undefined ? { server, domain, project } : { server, domain, project, id };
}

/** The persisted state, or undefined when `raw` is not one (old format, tampered, empty). */
export function parseSnapshot(raw: unknown): PersistedEditorState | undefined {
  if (!isRecord(raw) || raw.version !== 1) return undefined;
  const key = parseDefectKey(raw.key);
  const base = wireRecord(raw.base);
  const edits = wireRecord(raw.edits);
  const stamp = raw.baseVerStamp;
  if (!key || !base || !edits) return undefined;
  if (stamp !== null && (typeof stamp !== 'number' || !Number.isSafeInteger(stamp))) return undefined;
  return { version: 1, key, baseVerStamp: stamp, base, edits };
}

/** The snapshot of unsaved work: the edits and, for each, the server value it was made against. */
export function makeSnapshot(key: DefectKey, server: Record<string, WireValue>, edits: Record<string, WireValue>, verStamp: number | null): PersistedEditorState {
  const base: Record<string, WireValue> = {};
  for (const field of Object.keys(edits)) base[field] = server[field] ?? null;
  return { version: 1, key: { ...key }, baseVerStamp: verStamp, base, edits: cloneValues(edits) };
}

/** Stable text for a key, e.g. the panel map's key: `Demo|DEFAULT|Demo|42` (`new` without an id). */
export function keyId(key: DefectKey): string {
  return [key.server, key.domain, key.project, key.id ?? 'new'].map((p) => encodeURIComponent(String(p))).join('|');
}
