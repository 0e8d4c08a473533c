// One project's resources. List items and field metadata are cached per project (they change
// only through the ALM admin UI); `refresh` re-reads them.
import { AttachmentsResource } from './attachments';
import { assertFieldName } from './clauses';
import { DefectsResource } from './defects';
import { Lists, toListItem } from './listItems';
import { LocksResource } from './locks';
import { parseFieldsText } from './metadata';
import { PagedCollection } from './paging';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import type { AttachmentsApi, DefectsApi, LocksApi, ProjectApi } from './surface';
import type { FieldCatalog, ListItem, ListTree } from './types';

export class Project implements ProjectApi {
  readonly defects: DefectsApi;
  readonly attachments: AttachmentsApi;
  readonly locks: LocksApi;
  private lists: Promise<ListTree> | undefined;
  private readonly fieldCache = new Map<string, Promise<FieldCatalog>>();

  constructor(private readonly ctx: ProjectContext) {
    this.defects = new DefectsResource(ctx);
    this.attachments = new AttachmentsResource(ctx);
    this.locks = new LocksResource(ctx);
  }

  get domain(): string {
    return this.ctx.scope.domain;
  }

  get project(): string {
    return this.ctx.scope.project;
  }

  listItems(o: CallOptions & { refresh?: boolean } = {}): Promise<ListTree> {
    if (o.refresh || !this.lists) {
      const p = this.loadLists(o.signal);
      this.lists = p;
      // A failed (or cancelled) load must not stay cached.
      p.catch(() => {
        if (this.lists === p) this.lists = undefined;
      });
    }
    return this.lists;
  }

  fields(collection: string, o: CallOptions & { refresh?: boolean } = {}): Promise<FieldCatalog> {
    assertFieldName(collection, 'collection');
    let p = this.fieldCache.get(collection);
    if (o.refresh || !p) {
      const loading = this.loadFields(collection, o.signal);
      this.fieldCache.set(collection, loading);
      loading.catch(() => {
        if (this.fieldCache.get(collection) === loading) this.fieldCache.delete(collection);
      });
      p = loading;
    }
    return p;
  }

  private async loadLists(signal: AbortSignal | undefined): Promise<ListTree> {
    const { ctx } = this;
    const walk = new PagedCollection(async (offset, limit) => {
      const res = await ctx.transport.json({
        method: 'GET',
        path: ctx.dialect.collectionPath(ctx.scope, 'list-items'),
        params: ctx.dialect.collectionParams({ offset, limit }),
        signal,
      });
      return ctx.dialect.parseCollection(res.body);
    }, ctx.dialect.maxPageSize, toListItem);
    const items: ListItem[] = [];
    for await (const item of walk) items.push(item);
    return new Lists(items);
  }

  private async loadFields(collection: string, signal: AbortSignal | undefined): Promise<FieldCatalog> {
    const { ctx } = this;
    // Raw text: JSON.parse would drop the first of the two `type` members of each record.
    const res = await ctx.transport.text({ method: 'GET', path: ctx.dialect.metadataPath(ctx.scope, collection), signal });
    return parseFieldsText(collection, res.text);
  }
}
