// What a clone of a defect starts with (ALM: Clone Defect): its writable content fields that hold
// a value. The rest starts afresh. No `vscode` import.
import { SERVER_COMPUTED_FIELDS, SERVER_DEFAULTED_FIELDS, isEmptyValue } from '../../api/index';
import type { Defect, FieldCatalog } from '../../api/index';
import type { WireValue } from '../../shared/editorProtocol';
import { wireValues } from './values';

/** Fields of the source's life, not its content: a clone starts them afresh. */
const NOT_CLONED: ReadonlySet<string> = new Set(['status', 'detected-by', 'dev-comments', 'closing-date', 'closing-version', 'actual-fix-time', 'creation-time', 'last-modified']);

/** The values a clone of `source` starts with; fields the metadata does not list are left out. */
export function cloneValues(source: Defect, catalog: FieldCatalog): Record<string, WireValue> {
  const values = wireValues(source);
  const out: Record<string, WireValue> = {};
  for (const f of catalog.fields) {
    if (SERVER_DEFAULTED_FIELDS.has(f.name) || SERVER_COMPUTED_FIELDS.has(f.name) || NOT_CLONED.has(f.name) || !f.editable) continue;
    const v = values[f.name];
    if (!isEmptyValue(v)) out[f.name] = v;
  }
  return out;
}
