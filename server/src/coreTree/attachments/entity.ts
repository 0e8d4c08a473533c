// An attachment as a Core entity (reference §11.1): `<Entity Type="attachment">` with the fields
// of the attachment catalog, the same one the `/api` tree's `$metadata/fields` describes, so
// the two trees name and order an attachment's fields alike. The owner appears as
// `parent-id`/`parent-type`, the names real Core servers use.
import { updateAttachment } from '../../attachments/put';
import { refSubtypeImmutable } from '../../attachments/post';
import type { AttachmentRow, AttachmentStore } from '../../store/attachments';
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import type { CoreEntity } from '../wire/entity';
import { parseEntities } from '../wire/entity';

/** The entity; with `fields` (a collection's `fields=`), only those, in catalog order. */
export function attachmentEntity(row: AttachmentRow, fields: readonly string[] | null = null): CoreEntity {
  const values = row as unknown as Record<string, string | number | null>;
  // Aliases (`entity.id`) select the field they stand for (`parent-id`).
  const wanted = fields && new Set(fields.map((f) => CATALOGS.attachments.field(f)?.name ?? f));
  const defs = wanted ? CATALOGS.attachments.fields.filter((def) => wanted.has(def.name)) : CATALOGS.attachments.fields;
  return {
    type: 'attachment',
    fields: defs.map((def) => {
      const value = values[def.name];
      return { name: def.name, values: value === null || value === undefined ? [] : [{ value: String(value) }] };
    }),
  };
}

const bad = (title: string) => new AlmError(400, 'qccore.general-error', title);

/**
 * A metadata PUT (XML or JSON entity): `name` and `description` change; other known fields may
 * be echoed back as read, as clients that PUT a descriptor they fetched do, but not changed.
 */
export function updateAttachmentMetadata(store: AttachmentStore, row: AttachmentRow, body: unknown): AttachmentRow {
  const parsed = parseEntities(body, 'attachment');
  if (parsed.bulk || parsed.entities.length !== 1) throw bad('A PUT of one attachment carries exactly one <Entity Type="attachment">.');
  const current = new Map(attachmentEntity(row).fields.map((f) => [f.name, f.values[0]?.value ?? '']));
  const changes: { name?: string; description?: string | null } = {};
  for (const field of parsed.entities[0].fields) {
    if (field.values.length > 1) throw bad(`Field '${field.name}' of an attachment takes one value, not ${field.values.length}.`);
    const value = field.values[0]?.value ?? '';
    if (field.name === 'name') changes.name = value;
    else if (field.name === 'description') changes.description = value;
    else if (field.name === 'ref-subtype') {
      if (value !== String(row['ref-subtype'])) throw refSubtypeImmutable(row['ref-subtype']);
    } else if (current.has(field.name)) {
      if (value !== current.get(field.name)) {
        throw new AlmError(
          400,
          'qccore.operation-forbidden',
          `Field '${field.name}' of an attachment cannot be changed: a PUT changes only name and description (or the content, sent as application/octet-stream).`,
        );
      }
    } else {
      throw new AlmError(400, 'qccore.unknown-field-name', `Unknown field name '${field.name}' for entity 'attachment'.`, [{ Name: 'field', Value: field.name }]);
    }
  }
  // The api tree's rules apply unchanged: file-name checks, name clashes, HTML descriptions.
  return updateAttachment(store, row, changes);
}
