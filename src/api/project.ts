// One project's resources. List items and field metadata are cached per project (they change
// only through the ALM admin UI); `refresh` re-reads them.
import { AttachmentsResource } from './attachments';
import { assertFieldName } from './clauses';
import { DefectsResource } from './defects';
import type { DialectIo } from './dialect/dialect';
import { LocksResource } from './locks';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import type { AttachmentsApi, DefectsApi, LocksApi, ProjectApi } from './surface';
import type { FieldCatalog, ListTree, ProjectUsers } from './types';
import { loadProjectUsers } from './users';

export class Project implements ProjectApi {
  readonly defects: DefectsApi;
  readonly attachments: AttachmentsApi;
  readonly locks: LocksApi;
  private lists: Promise<ListTree> | undefined;
  private userList: Promise<ProjectUsers> | undefined;
  private readonly fieldCache = new Map<string, Promise<FieldCatalog>>();

  private readonly ctx: ProjectContext;

  /** Metadata whose load finished, by collection. */
  private readonly loadedFieldCache = new Map<string, FieldCatalog>();

  constructor(shared: Omit<ProjectContext, 'fields' | 'loadedFields'>) {
    // Resources reach the cached metadata through the context (Core types values by it).
    const ctx: ProjectContext = {
      ...shared,
      fields: (collection, signal) => this.fields(collection, { signal }),
      loadedFields: (collection) => this.loadedFieldCache.get(collection),
    };
    this.ctx = ctx;
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

  users(o: CallOptions & { refresh?: boolean } = {}): Promise<ProjectUsers> {
    if (o.refresh || !this.userList) {
      const p = this.loadUsers(o.signal);
      this.userList = p;
      p.catch(() => {
        if (this.userList === p) this.userList = undefined;
      });
    }
    return this.userList;
  }

  fields(collection: string, o: CallOptions & { refresh?: boolean } = {}): Promise<FieldCatalog> {
    assertFieldName(collection, 'collection');
    let p = this.fieldCache.get(collection);
    if (o.refresh || !p) {
      const loading = this.loadFields(collection, o.signal);
      this.fieldCache.set(collection, loading);
      this.loadedFieldCache.delete(collection);
      void loading.then(
        (catalog) => {
          if (this.fieldCache.get(collection) === loading) this.loadedFieldCache.set(collection, catalog);
        },
        () => undefined,
      );
      loading.catch(() => {
        if (this.fieldCache.get(collection) === loading) this.fieldCache.delete(collection);
      });
      p = loading;
    }
    return p;
  }

  private async loadLists(signal: AbortSignal | undefined): Promise<ListTree> {
    return (await this.ctx.dialect(signal)).loadLists(this.io(signal));
  }

  private async loadFields(collection: string, signal: AbortSignal | undefined): Promise<FieldCatalog> {
    return (await this.ctx.dialect(signal)).loadFields(this.io(signal), collection);
  }

  private async loadUsers(signal: AbortSignal | undefined): Promise<ProjectUsers> {
    const { scope, logger } = this.ctx;
    const dialect = await this.ctx.dialect(signal);
    return loadProjectUsers({ dialect, io: this.io(signal), defects: this.defects, logger, project: `${scope.domain}/${scope.project}` });
  }

  private io(signal: AbortSignal | undefined): DialectIo {
    const { transport, scope } = this.ctx;
    return { scope, signal, json: (req) => transport.json(req), text: (req) => transport.text(req) };
  }
}
