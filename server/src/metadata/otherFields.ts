// Field definitions of the attachment, lock and list-item collections. Their `entity` and
// `parent` objects are stored as `parent-id` / `parent-type` columns, the field names real
// servers use for them (reference §11.2).
import { field } from './types';
import type { FieldDef } from './types';

export const ATTACHMENT_FIELDS: readonly FieldDef[] = [
  field('id', 'Attachment ID', 'Integer', { maxLength: 10, readOnly: true }),
  field('name', 'Name', 'String', { maxLength: 255, required: true }),
  field('description', 'Description', 'Memo'),
  field('ref-type', 'Reference Type', 'String', { maxLength: 1, readOnly: true }),
  field('ref-subtype', 'Reference Subtype', 'Integer', { maxLength: 10 }),
  field('file-size', 'File Size', 'Integer', { maxLength: 10, readOnly: true }),
  field('last-modified', 'Modified', 'String', { maxLength: 20, readOnly: true, kind: 'datetime' }),
  field('vc-user-name', 'Version Control User', 'String', { maxLength: 60, readOnly: true }),
  field('vc-cur-ver', 'Version Control Version', 'String', { maxLength: 20, readOnly: true }),
  field('parent-id', 'Entity ID', 'Integer', { maxLength: 10, required: true }),
  field('parent-type', 'Entity Type', 'String', { maxLength: 60, required: true }),
];

export const LOCK_FIELDS: readonly FieldDef[] = [
  field('id', 'Lock ID', 'Integer', { maxLength: 10, readOnly: true }),
  field('parent-id', 'Entity ID', 'Integer', { maxLength: 10, required: true }),
  field('parent-type', 'Entity Type', 'String', { maxLength: 60, required: true }),
  field('user', 'User', 'Reference', { maxLength: 60, resource: 'user', readOnly: true }),
  field('lock-time', 'Lock Time', 'String', { maxLength: 20, readOnly: true, kind: 'datetime' }),
  field('session-last-touch', 'Session Last Touch', 'String', { maxLength: 20, readOnly: true, kind: 'datetime' }),
];

export const LIST_ITEM_FIELDS: readonly FieldDef[] = [
  field('id', 'Item ID', 'Integer', { maxLength: 10, readOnly: true }),
  field('logical-identifier', 'Logical Identifier', 'String', { maxLength: 255, readOnly: true }),
  field('name', 'Name', 'String', { maxLength: 255, required: true }),
  field('parent-id', 'Parent ID', 'Integer', { maxLength: 10 }),
];

/** Releases (reference §16.8: `detected-in-rel`/`target-rel` reference them); read-only through REST here. */
export const RELEASE_FIELDS: readonly FieldDef[] = [
  field('id', 'Release ID', 'Integer', { maxLength: 10, readOnly: true }),
  field('name', 'Name', 'String', { maxLength: 255, required: true }),
  field('start-date', 'Start Date', 'Date'),
  field('end-date', 'End Date', 'Date'),
  field('description', 'Description', 'Memo'),
];

/** Release cycles: each belongs to one release (`parent-id`). */
export const RELEASE_CYCLE_FIELDS: readonly FieldDef[] = [
  field('id', 'Cycle ID', 'Integer', { maxLength: 10, readOnly: true }),
  field('name', 'Name', 'String', { maxLength: 255, required: true }),
  field('parent-id', 'Release', 'Integer', { maxLength: 10, required: true }),
  field('start-date', 'Start Date', 'Date'),
  field('end-date', 'End Date', 'Date'),
];
