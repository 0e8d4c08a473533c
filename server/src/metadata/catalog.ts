// Per-collection field lookup, shared by `$metadata/fields`, validation and the query compiler.
import { ATTACHMENT_FIELDS, LIST_ITEM_FIELDS, LOCK_FIELDS, RELEASE_CYCLE_FIELDS, RELEASE_FIELDS } from './otherFields';
import { DEFECT_FIELDS } from './defectFields';
import type { FieldDef } from './types';
import type { QueryCatalog, QueryField } from '../query/index';

export type CollectionName = 'defects' | 'attachments' | 'locks' | 'list-items' | 'releases' | 'release-cycles';

/** Collections only the Core tree serves: their catalogs live beside their fields, not in CATALOGS. */
type CoreOnlyCollection = 'defect-links' | 'favorites' | 'favorite-folders';

/** Entity type (singular) of each collection. */
const ENTITY_TYPE: Record<CollectionName | CoreOnlyCollection, string> = {
  defects: 'defect',
  attachments: 'attachment',
  locks: 'lock',
  'list-items': 'list-item',
  releases: 'release',
  'release-cycles': 'release-cycle',
  'defect-links': 'defect-link',
  favorites: 'favorite',
  'favorite-folders': 'favorite-folder',
};

export class FieldCatalog implements QueryCatalog {
  readonly fields: readonly FieldDef[];
  readonly always = ['type', 'id'];
  private readonly byName = new Map<string, FieldDef>();

  constructor(
    readonly collection: CollectionName | CoreOnlyCollection,
    fields: readonly FieldDef[],
    /** Extra names accepted by `query`/`order-by`/`fields`, e.g. `entity.id` for `parent-id`. */
    aliases: Record<string, string> = {},
  ) {
    this.fields = fields;
    for (const def of fields) this.byName.set(def.name, def);
    for (const [alias, target] of Object.entries(aliases)) {
      const def = this.byName.get(target);
      if (def) this.byName.set(alias, def);
    }
  }

  get entityType(): string {
    return ENTITY_TYPE[this.collection];
  }

  field(name: string): (QueryField & FieldDef) | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * The fields a `fields=` list names (null: all), in the order given; a field named twice (or by
   * an alias) appears once, at its first place. Names in `skip` are left out.
   */
  selected(fields: readonly string[] | null, skip: readonly string[] = []): FieldDef[] {
    const seen = new Set<string>(skip);
    const defs = fields ? fields.map((name) => this.field(name)).filter((d) => d !== undefined) : this.fields;
    return defs.filter((def) => {
      if (seen.has(def.name)) return false;
      seen.add(def.name);
      return true;
    });
  }
}

const entityAliases = { 'entity.id': 'parent-id', 'entity.type': 'parent-type' };

export const CATALOGS: Record<CollectionName, FieldCatalog> = {
  defects: new FieldCatalog('defects', DEFECT_FIELDS),
  attachments: new FieldCatalog('attachments', ATTACHMENT_FIELDS, entityAliases),
  locks: new FieldCatalog('locks', LOCK_FIELDS, entityAliases),
  'list-items': new FieldCatalog('list-items', LIST_ITEM_FIELDS, { 'parent.id': 'parent-id' }),
  releases: new FieldCatalog('releases', RELEASE_FIELDS),
  'release-cycles': new FieldCatalog('release-cycles', RELEASE_CYCLE_FIELDS, { 'parent.id': 'parent-id', 'release-id': 'parent-id' }),
};

export function isCollectionName(name: string): name is CollectionName {
  return Object.prototype.hasOwnProperty.call(CATALOGS, name);
}
