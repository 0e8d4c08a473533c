// The fields of favorite folders and favorites (Core `favorite-folders`, `favorites`, reference
// §17). ALI (the HP plugin for IntelliJ) read `id`, `parent-id` and `name` and asked by `module-id`
// and `parent-id`; `owner`, `public` and `filter` (the filter XML) are this server's reading of
// what §17 marks unknown (server/DESIGN.md, "Favorites").
import { FieldCatalog } from './catalog';
import { field } from './types';
import type { FieldDef } from './types';

const SHARED: readonly FieldDef[] = [
  field('id', 'ID', 'Integer', { maxLength: 10, readOnly: true }),
  field('name', 'Name', 'String', { maxLength: 255, required: true }),
  field('parent-id', 'Folder ID', 'Integer', { maxLength: 10, required: true }),
  field('module-id', 'Module', 'Integer', { maxLength: 10, readOnly: true }),
  field('owner', 'Owner', 'String', { maxLength: 60, readOnly: true }),
  field('public', 'Public', 'String', { maxLength: 1 }),
];

export const FAVORITE_FOLDER_CATALOG = new FieldCatalog('favorite-folders', SHARED);

/** The filter XML of one favorite is bounded like a long memo; a real one is a few kilobytes. */
const MAX_FILTER_LENGTH = 100_000;

export const FAVORITE_CATALOG = new FieldCatalog('favorites', [...SHARED, field('filter', 'Filter', 'String', { maxLength: MAX_FILTER_LENGTH })]);
