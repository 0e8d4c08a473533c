// The rules of favorite folders and favorites (reference §17; the parts §17 marks unknown are this
// server's reading, server/DESIGN.md "Favorites"), without SQL or HTTP:
//   - a private one is its owner's alone: others neither see nor change it (404, as if absent);
//   - a public one is made, changed, moved or deleted only by users with the right to publish;
//   - `public` and `module-id` follow the folder it sits in; the two roots are never changed;
//   - a folder holding anything is not deleted (move or delete its content first).
// A refused write changes nothing.
import type { ProjectStore } from '../context';
import { AlmError } from '../errors';
import { FAVORITE_CATALOG, FAVORITE_FOLDER_CATALOG } from '../metadata/favoriteFields';
import { FavoriteStore } from '../store/favorites';
import type { FavoriteRow, FavoriteTable } from '../store/favorites';

/** A write body: field name → one text value (null for an empty one), as the Core tree parses it. */
export type FavoriteBody = Record<string, string | null>;

const ROOT_PARENT = -1;

function what(table: FavoriteTable): string {
  return table === 'favorites' ? 'Favorite' : 'Favorite folder';
}

export function favoriteNotFound(table: FavoriteTable, id: number): AlmError {
  return new AlmError(404, 'qccore.entity-not-found', `${what(table)} ${id} does not exist.`, [{ Name: 'id', Value: id }]);
}

function forbidden(message: string): AlmError {
  return new AlmError(403, 'qccore.operation-forbidden', message);
}

function bad(message: string, field?: string): AlmError {
  return new AlmError(400, 'qccore.general-error', message, field ? [{ Name: 'field', Value: field }] : undefined);
}

/** The checked fields of a body: unknown and server-kept fields refused, the name trimmed and bounded. */
function checkedBody(table: FavoriteTable, body: FavoriteBody): { name?: string; parentId?: number; public?: string; filter?: string | null } {
  const catalog = table === 'favorites' ? FAVORITE_CATALOG : FAVORITE_FOLDER_CATALOG;
  const out: { name?: string; parentId?: number; public?: string; filter?: string | null } = {};
  for (const [name, value] of Object.entries(body)) {
    const def = catalog.field(name);
    if (!def) throw new AlmError(400, 'qccore.unknown-field-name', `Unknown field name '${name}' for entity '${catalog.entityType}'.`, [{ Name: 'field', Value: name }]);
    if (def.readOnly) continue; // id, owner, module-id: the server's; a client echoing them back is not refused.
    if (def.maxLength !== undefined && value !== null && value.length > def.maxLength) throw bad(`Field '${name}' is longer than ${def.maxLength} characters.`, name);
    if (name === 'name') {
      const trimmed = (value ?? '').trim();
      if (trimmed === '') throw bad(`A ${what(table).toLowerCase()} needs a name: field 'name' is empty.`, 'name');
      if (/[\\/]/.test(trimmed)) throw bad(`The name '${trimmed}' holds '/' or '\\', which ALM keeps for folder paths: choose another name.`, 'name');
      out.name = trimmed;
    } else if (name === 'parent-id') {
      if (value === null || !/^-?\d{1,10}$/.test(value.trim())) throw bad(`Field 'parent-id' must be a folder id, not '${value ?? ''}'.`, 'parent-id');
      out.parentId = Number(value);
    } else if (name === 'public') {
      out.public = (value ?? '').trim().toUpperCase();
    } else if (name === 'filter') {
      out.filter = value;
    }
  }
  return out;
}

/** The folder a favorite or folder goes into, as `user` sees it; its root decides `public`. */
function targetFolder(store: ProjectStore, user: string, parentId: number): FavoriteRow {
  const folder = new FavoriteStore(store, 'favorite_folders').get(parentId, user);
  if (!folder)
    throw new AlmError(404, 'qccore.entity-not-found', `Favorite folder ${parentId} does not exist: put it in the Public (1) or Private (2) folder or one of their sub-folders.`, [
      { Name: 'parent-id', Value: parentId },
    ]);
  return folder;
}

function checkPublic(favorites: FavoriteStore, user: string, declared: string | undefined, folder: FavoriteRow, table: FavoriteTable): void {
  if (declared !== undefined && declared !== '' && declared !== folder.public) {
    throw bad(`Field 'public' is '${declared}' but folder '${folder.name}' is ${folder.public === 'Y' ? 'public' : 'private'}: a ${what(table).toLowerCase()} is public when its folder is.`, 'public');
  }
  if (folder.public === 'Y' && !favorites.mayPublish(user)) {
    throw forbidden(`User '${user}' may not make or change public favorites in this project: save it under Private, or ask the project administrator for the right.`);
  }
}

function checkUniqueName(favorites: FavoriteStore, user: string, parentId: number, name: string, except: number | null): void {
  if (favorites.siblingNames(parentId, user, except).some((n) => n.toLowerCase() === name.toLowerCase())) {
    throw new AlmError(409, 'qccore.general-error', `The folder already holds an item named '${name}': choose another name.`, [{ Name: 'name', Value: name }]);
  }
}

/** Creates a folder or favorite owned by `user`; returns the stored row. */
export function createFavorite(store: ProjectStore, table: FavoriteTable, user: string, body: FavoriteBody): FavoriteRow {
  const fields = checkedBody(table, body);
  if (fields.name === undefined) throw bad(`A ${what(table).toLowerCase()} needs a name: send field 'name'.`, 'name');
  if (fields.parentId === undefined) throw bad(`Send field 'parent-id': the folder it goes in (1 Public, 2 Private, or a sub-folder).`, 'parent-id');
  const favorites = new FavoriteStore(store, table);
  const folder = targetFolder(store, user, fields.parentId);
  checkPublic(favorites, user, fields.public, folder, table);
  checkUniqueName(favorites, user, folder.id, fields.name, null);
  const id = favorites.insert({ name: fields.name, parentId: folder.id, moduleId: folder['module-id'], owner: user, public: folder.public, filter: fields.filter ?? null });
  return favorites.get(id, user) as FavoriteRow;
}

/** The row `user` may change: seen, not a root, and public only with the right. */
function changeable(favorites: FavoriteStore, table: FavoriteTable, user: string, id: number): FavoriteRow {
  const row = favorites.get(id, user);
  if (!row) throw favoriteNotFound(table, id);
  if (row['parent-id'] === ROOT_PARENT) throw forbidden(`Folder '${row.name}' is a root of the favorites tree: it cannot be renamed, moved or deleted.`);
  if (row.public === 'Y' && !favorites.mayPublish(user)) {
    throw forbidden(`User '${user}' may not change public favorites in this project: ask the project administrator for the right, or save a private copy.`);
  }
  return row;
}

/** Renames, moves or changes the filter of one the user may change; returns the stored row. */
export function updateFavorite(store: ProjectStore, table: FavoriteTable, user: string, id: number, body: FavoriteBody): FavoriteRow {
  const favorites = new FavoriteStore(store, table);
  const row = changeable(favorites, table, user, id);
  const fields = checkedBody(table, body);
  let folder: FavoriteRow | undefined;
  if (fields.parentId !== undefined && fields.parentId !== row['parent-id']) {
    folder = targetFolder(store, user, fields.parentId);
    if (table === 'favorite_folders' && isWithin(store, user, folder.id, row.id)) throw bad(`Folder '${row.name}' cannot move into itself or one of its sub-folders.`, 'parent-id');
    if (folder['module-id'] !== row['module-id']) throw bad(`Folder '${folder.name}' belongs to another module.`, 'parent-id');
    checkPublic(favorites, user, fields.public, folder, table);
    if (table === 'favorite_folders' && favorites.children(row.id) > 0 && folder.public !== row.public) {
      throw bad(`Folder '${row.name}' holds favorites: move it between Public and Private only when empty.`, 'parent-id');
    }
  } else if (fields.public !== undefined && fields.public !== '' && fields.public !== row.public) {
    throw bad(`Field 'public' follows the folder: move the ${what(table).toLowerCase()} to a ${fields.public === 'Y' ? 'public' : 'private'} folder instead.`, 'public');
  }
  const name = fields.name ?? row.name;
  const parentId = folder?.id ?? row['parent-id'];
  if (fields.name !== undefined || folder) checkUniqueName(favorites, user, parentId, name, row.id);
  favorites.update(id, { name: fields.name, parentId: folder?.id, public: folder?.public, filter: fields.filter });
  return favorites.get(id, user) as FavoriteRow;
}

/** Whether folder `candidate` is `folderId` or lies below it. */
function isWithin(store: ProjectStore, user: string, candidate: number, folderId: number): boolean {
  const folders = new FavoriteStore(store, 'favorite_folders');
  for (let id: number | undefined = candidate, depth = 0; id !== undefined && id !== ROOT_PARENT && depth < 1000; depth++) {
    if (id === folderId) return true;
    id = folders.get(id, user)?.['parent-id'];
  }
  return false;
}

/** Deletes one the user may change; a folder only when empty. Returns the row as it was. */
export function deleteFavorite(store: ProjectStore, table: FavoriteTable, user: string, id: number): FavoriteRow {
  const favorites = new FavoriteStore(store, table);
  const row = changeable(favorites, table, user, id);
  if (table === 'favorite_folders') {
    const held = favorites.children(row.id);
    if (held > 0) throw bad(`Folder '${row.name}' holds ${held} item(s): move or delete them first.`);
  }
  favorites.delete(id);
  return row;
}
