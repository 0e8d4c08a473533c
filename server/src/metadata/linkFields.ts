// The fields of a defect link (Core `defect-links`, reference §16.10): the defect that made the
// link (first endpoint) and the entity it points to (second endpoint, a defect or a requirement).
// The server fills the second endpoint's name and status, the owner (the creator), the creation
// date and the last change; a live 26.1 leaves `second-endpoint-status` empty for a defect and
// gives a requirement's ("No Run"), so this server does too. There is no
// `first-endpoint-type` (asking for it is a 400 there, an unknown field here).
import { FieldCatalog } from './catalog';
import { LIST_IDS } from './defectFields';
import { STANDARD_LISTS } from './lists';
import { field } from './types';
import type { FieldDef } from './types';

const LINK_FIELDS: readonly FieldDef[] = [
  field('id', 'Link ID', 'Integer', { maxLength: 10, readOnly: true }),
  field('first-endpoint-id', 'Source Entity ID', 'Integer', { maxLength: 10, required: true }),
  field('second-endpoint-id', 'Target Entity ID', 'Integer', { maxLength: 10, required: true }),
  field('second-endpoint-type', 'Target Entity Type', 'String', { maxLength: 60, required: true }),
  field('second-endpoint-name', 'Target Entity Name', 'String', { maxLength: 255, readOnly: true }),
  field('second-endpoint-status', 'Target Entity Status', 'String', { maxLength: 70, readOnly: true }),
  field('link-type', 'Link Type', 'Reference By Value', { listId: LIST_IDS.linkType, maxLength: 70, referenceMatch: true }),
  field('comment', 'Comment', 'String', { maxLength: 4000 }),
  field('owner', 'Created By', 'Reference', { maxLength: 60, resource: 'user', readOnly: true }),
  field('creation-time', 'Creation Date', 'Date', { maxLength: 1, readOnly: true, format: 'YYYY-MM-DD' }),
  field('last-modified', 'Modified', 'String', { maxLength: 20, readOnly: true, kind: 'datetime' }),
];

export const LINK_CATALOG = new FieldCatalog('defect-links', LINK_FIELDS);

/** The link types a project without its own Link Type list (a data dir made before links) accepts. */
export const STANDARD_LINK_TYPES: readonly string[] = (STANDARD_LISTS.find((list) => list.id === LIST_IDS.linkType)?.values ?? []).map((v) => v.name);
