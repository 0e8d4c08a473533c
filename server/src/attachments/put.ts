// PUT of an attachment: only the name and the description change (seed). Other fields may be
// echoed back unchanged, as a client that PUTs a descriptor it read does; changing them fails.
import { AlmError } from '../errors';
import { CATALOGS } from '../metadata/catalog';
import { fileNameProblem, storedDescription, toRecord } from './format';
import { refSubtypeImmutable } from './post';
import type { AttachmentRow, AttachmentStore } from '../store/attachments';

const bad = (title: string) => new AlmError(400, 'qccore.general-error', title);

export function updateAttachment(store: AttachmentStore, row: AttachmentRow, body: unknown): AttachmentRow {
  const input = unwrap(body);
  const current = toRecord(row) as Record<string, unknown>;
  const changes: { name?: string; description?: string | null } = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'name') {
      if (typeof value !== 'string') throw bad("'name' must be a string.");
      const name = value.trim();
      const problem = fileNameProblem(name);
      if (problem) throw bad(`The file name '${name}' ${problem}.`);
      if (name === row.name) continue;
      const clash = store.findByName(row['parent-type'], row['parent-id'], name);
      if (clash) {
        throw new AlmError(409, 'qccore.general-error', `${row['parent-type']} ${row['parent-id']} already has an attachment named '${name}' (id ${clash.id}).`);
      }
      changes.name = name;
    } else if (key === 'description') {
      if (value !== null && typeof value !== 'string') throw bad("'description' must be a string or null.");
      changes.description = storedDescription(value, store.project.maxFieldBytes);
    } else if (key === 'ref-subtype') {
      if (Number(value) !== row['ref-subtype']) throw refSubtypeImmutable(row['ref-subtype']);
    } else if (key in current || CATALOGS.attachments.has(key)) {
      if (JSON.stringify(value) !== JSON.stringify(current[key])) {
        throw new AlmError(400, 'qccore.operation-forbidden', `Field '${key}' of an attachment cannot be changed: a PUT changes only name and description.`);
      }
    } else {
      throw new AlmError(400, 'qccore.unknown-field-name', `Unknown field name '${key}' for entity 'attachment'.`, [{ Name: 'field', Value: key }]);
    }
  }
  if (changes.name === undefined && changes.description === undefined) return row;
  return store.update(row.id, changes);
}

/** The instance itself, or the one element of a `{data: [instance]}` envelope. */
function unwrap(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw bad('The body must be a JSON object with the fields to change (name, description).');
  }
  const obj = body as Record<string, unknown>;
  if (Array.isArray(obj.data)) {
    if (obj.data.length !== 1 || typeof obj.data[0] !== 'object' || obj.data[0] === null) {
      throw bad('A PUT of one attachment carries exactly one instance.');
    }
    return obj.data[0] as Record<string, unknown>;
  }
  return obj;
}
