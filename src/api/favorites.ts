// ALM favorites of the defects module (module 0, reference §17): the folder tree under the Public
// and Private roots, the favorites in each folder, and writes. Core only: a 12.5x server detected
// as `/api` is asked in its Core tree (dialect/coreOnly.ts). Read tolerantly, as §17 leaves the
// answer's shape partly unknown: a missing `public` is taken from the root the item lies under
// (the caller knows it), a missing `owner` is empty, and the filter XML is the `filter` field.
// A folder's content is read in one page of at most FAVORITES_READ_LIMIT (a hostile server may
// answer any number); more is cut and said in `truncated`.
import { scalarText } from './dialect/coreValues';
import { coreDialectFor } from './dialect/coreOnly';
import { readFavoriteFilter } from './favoriteFilter';
import type { FavoriteView } from './favoriteFilter';
import type { CallOptions } from './options';
import type { ProjectApi } from './surface';
import { NotFoundError, isCancellation } from './errors';
import { aliasFor, readRelations } from './relations';
import type { CrossAlias, Relation } from './relations';
import type { ProjectContext } from './projectContext';
import type { Favorite, FavoriteFolder, FolderContent, NewFavorite } from './types';

/** Defects are module 0 (requirements 3) in ALM's favorites. */
const DEFECTS_MODULE = 0;
/** The roots are the folders whose parent is -1 (as ALI asked for them). */
const ROOT_PARENT = -1;
const FAVORITES_READ_LIMIT = 500;

const str = (v: unknown): string => scalarText(Array.isArray(v) ? v[0] : v);

function folderOf(r: Record<string, unknown>): FavoriteFolder {
  const flag = str(r.public).toUpperCase();
  return {
    id: Number(str(r.id)) || 0,
    name: str(r.name),
    parentId: Number(str(r['parent-id'])),
    public: flag === 'Y' || flag === 'TRUE' ? true : flag === 'N' || flag === 'FALSE' ? false : undefined,
    owner: str(r.owner),
  };
}

function favoriteOf(r: Record<string, unknown>): Favorite {
  return { ...folderOf(r), filterXml: str(r.filter) };
}

export class FavoritesResource {
  private relations: Promise<Relation[]> | undefined;

  constructor(private readonly ctx: ProjectContext) {}

  /** The roots of the defects module's favorites (Public, Private). */
  roots(o: CallOptions = {}): Promise<FavoriteFolder[]> {
    return this.read('favorite-folders', { 'module-id': DEFECTS_MODULE, 'parent-id': ROOT_PARENT }, o).then((r) => r.items.map(folderOf));
  }

  /** The sub-folders and favorites of folder `id`. */
  async content(id: number, o: CallOptions = {}): Promise<FolderContent> {
    const [folders, favorites] = await Promise.all([
      this.read('favorite-folders', { 'module-id': DEFECTS_MODULE, 'parent-id': id }, o),
      this.read('favorites', { 'module-id': DEFECTS_MODULE, 'parent-id': id }, o),
    ]);
    return { folders: folders.items.map(folderOf), favorites: favorites.items.map(favoriteOf), truncated: folders.truncated || favorites.truncated };
  }

  /**
   * The favorites named `name` (`*` as a wildcard), in any folder the user sees. Where none is named
   * so exactly, the name is matched in any case among all the user sees (a server compares names
   * as its database does, often case-sensitively; a name said in chat may be cased otherwise).
   */
  async named(name: string, o: CallOptions = {}): Promise<Favorite[]> {
    const exact = (await this.read('favorites', { 'module-id': DEFECTS_MODULE, name }, o)).items.map(favoriteOf);
    if (exact.length > 0 || name.includes('*')) return exact;
    const all = (await this.read('favorites', { 'module-id': DEFECTS_MODULE }, o)).items.map(favoriteOf);
    return all.filter((f) => f.name.toLowerCase() === name.toLowerCase());
  }

  /**
   * The REST alias of the relation from defects to an entity (a favorite's cross filter runs by it),
   * from the defect relations (asked once per project); the `/api` tree has no cross filters (§7.2).
   */
  async crossAliases(o: CallOptions = {}): Promise<(entity: string) => CrossAlias> {
    const detected = await this.ctx.dialect(o.signal);
    if (detected.tree !== 'rest') return () => ({ reason: "the server's /api tree, which this project's defects are read from, has no cross filters" });
    this.relations ??= this.ctx.transport
      .json({ method: 'GET', path: `${detected.collectionPath(this.ctx.scope, 'customization')}/entities/defect/relations/`, signal: o.signal })
      .then((res) => readRelations(res.body));
    try {
      const relations = await this.relations;
      return (entity) => aliasFor(relations, entity);
    } catch (e) {
      this.relations = undefined;
      if (isCancellation(e)) throw e;
      // An older server or one without the resource answers 404: then no alias is known.
      const why =
        e instanceof NotFoundError ? 'the server lists no relations of defects' : `the server did not list the relations of defects (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
      return () => ({ reason: why });
    }
  }

  async get(id: number, o: CallOptions = {}): Promise<Favorite> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    const res = await this.ctx.transport.json({ method: 'GET', path: dialect.entityPath(this.ctx.scope, 'favorites', id), signal: o.signal });
    return favoriteOf(dialect.parseEntity(res.body));
  }

  async create(favorite: NewFavorite, o: CallOptions = {}): Promise<Favorite> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    const fields = { name: favorite.name, 'parent-id': favorite.parentId, filter: favorite.filterXml };
    const res = await this.ctx.transport.json({ method: 'POST', path: dialect.collectionPath(this.ctx.scope, 'favorites'), json: dialect.encodeCreate('favorite', fields), signal: o.signal });
    return favoriteOf(dialect.parseEntity(res.body));
  }

  /** Renames, moves or replaces the filter of favorite `id` (only the fields given). */
  async update(id: number, changes: Partial<NewFavorite>, o: CallOptions = {}): Promise<Favorite> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    const fields: Record<string, unknown> = {};
    if (changes.name !== undefined) fields.name = changes.name;
    if (changes.parentId !== undefined) fields['parent-id'] = changes.parentId;
    if (changes.filterXml !== undefined) fields.filter = changes.filterXml;
    const res = await this.ctx.transport.json({
      method: 'PUT',
      path: dialect.entityPath(this.ctx.scope, 'favorites', id),
      json: dialect.encodeUpdate('favorite', fields),
      target: { kind: 'entity' },
      signal: o.signal,
    });
    return favoriteOf(dialect.parseEntity(res.body));
  }

  async remove(id: number, o: CallOptions = {}): Promise<void> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    await this.ctx.transport.text({ method: 'DELETE', path: dialect.entityPath(this.ctx.scope, 'favorites', id), target: { kind: 'entity' }, signal: o.signal });
  }

  private async read(collection: string, filter: Record<string, string | number>, o: CallOptions): Promise<{ items: Record<string, unknown>[]; truncated: boolean }> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    const limit = Math.min(dialect.maxPageSize, FAVORITES_READ_LIMIT);
    const res = await this.ctx.transport.json({
      method: 'GET',
      path: dialect.collectionPath(this.ctx.scope, collection),
      params: dialect.collectionParams({ filter, limit, offset: 0 }),
      signal: o.signal,
    });
    const page = dialect.parseCollection(res.body);
    const items = page.items.slice(0, limit);
    return { items, truncated: page.items.length > limit || (page.total ?? 0) > items.length };
  }
}

/**
 * A favorite's filter as the client runs it: conditions on the project's defect fields (a field it
 * lacks is not applied) and cross filters by the server's REST aliases.
 */
export async function readFavoriteView(api: ProjectApi, favorite: Pick<Favorite, 'filterXml'>, signal?: AbortSignal): Promise<FavoriteView> {
  const [fields, aliases] = await Promise.all([api.fields('defects', { signal }), api.favorites.crossAliases({ signal })]);
  return readFavoriteFilter(favorite.filterXml, (name) => (name === 'id' ? 'Defect ID' : fields.get(name)?.label), aliases);
}
