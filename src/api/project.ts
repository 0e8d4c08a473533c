// One project's resources. List items and field metadata are cached per project (they change
// only through the ALM admin UI); `refresh` re-reads them.
import { AttachmentsResource } from './attachments';
import { assertFieldName } from './clauses';
import { DefectsResource } from './defects';
import { ForbiddenError, NotFoundError, UnexpectedAnswerError } from './errors';
import { FavoritesResource } from './favorites';
import { fallbackFields } from './fallbackFields';
import { Lists } from './listItems';
import type { DialectIo } from './dialect/dialect';
import { LoadCache } from './loadCache';
import { LocksResource } from './locks';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import type { AttachmentsApi, DefectsApi, FavoritesApi, HistoryApi, LinksApi, LocksApi, ProjectApi } from './surface';
import { HistoryResource } from './history';
import { LinksResource } from './links';
import { loadReferenceNames } from './referenceNames';
import { ReleasesResource } from './releases';
import type { ReferenceNames, ReleaseCatalog } from './types';
import type { FieldCatalog, ListTree, ProjectUsers } from './types';
import { loadProjectUsers } from './users';

export class Project implements ProjectApi {
  readonly defects: DefectsApi;
  readonly attachments: AttachmentsApi;
  readonly locks: LocksApi;
  readonly history: HistoryApi;
  readonly links: LinksApi;
  readonly favorites: FavoritesApi;
  private readonly releaseCatalog: ReleasesResource;
  private readonly lists = new LoadCache<'lists', ListTree>();
  private readonly userList = new LoadCache<'users', ProjectUsers>();
  private readonly references = new LoadCache<'references', ReferenceNames>();
  /** Field metadata by collection. */
  private readonly fieldCache = new LoadCache<string, FieldCatalog>();

  private readonly ctx: ProjectContext;

  constructor(shared: Omit<ProjectContext, 'fields' | 'loadedFields'>) {
    // Resources reach the cached metadata through the context (Core types values by it).
    const ctx: ProjectContext = {
      ...shared,
      fields: (collection, signal) => this.fields(collection, { signal }),
      loadedFields: (collection) => this.fieldCache.loaded(collection),
    };
    this.ctx = ctx;
    this.defects = new DefectsResource(ctx);
    this.attachments = new AttachmentsResource(ctx);
    this.locks = new LocksResource(ctx);
    this.history = new HistoryResource(ctx);
    this.links = new LinksResource(ctx);
    this.favorites = new FavoritesResource(ctx);
    this.releaseCatalog = new ReleasesResource(ctx);
  }

  get domain(): string {
    return this.ctx.scope.domain;
  }

  get project(): string {
    return this.ctx.scope.project;
  }

  listItems(o: CallOptions & { refresh?: boolean } = {}): Promise<ListTree> {
    return this.lists.get('lists', () => this.loadLists(o.signal), o.refresh);
  }

  releases(o: CallOptions & { refresh?: boolean } = {}): Promise<ReleaseCatalog> {
    return this.releaseCatalog.catalog(o);
  }

  users(o: CallOptions & { refresh?: boolean } = {}): Promise<ProjectUsers> {
    return this.userList.get('users', () => this.loadUsers(o.signal), o.refresh);
  }

  referenceNames(o: CallOptions & { refresh?: boolean } = {}): Promise<ReferenceNames> {
    return this.references.get('references', async () => loadReferenceNames(await this.fields('defects', { signal: o.signal }), this.defects, o), o.refresh);
  }

  fields(collection: string, o: CallOptions & { refresh?: boolean } = {}): Promise<FieldCatalog> {
    assertFieldName(collection, 'collection');
    return this.fieldCache.get(collection, () => this.loadFields(collection, o.signal), o.refresh);
  }

  private async loadLists(signal: AbortSignal | undefined): Promise<ListTree> {
    const dialect = await this.ctx.dialect(signal);
    return dialect.loadLists(this.io(signal)).catch((e: unknown) => this.withoutMetadata(e, 'lists', () => new Lists([])));
  }

  private async loadFields(collection: string, signal: AbortSignal | undefined): Promise<FieldCatalog> {
    const dialect = await this.ctx.dialect(signal);
    return dialect.loadFields(this.io(signal), collection).catch((e: unknown) => this.withoutMetadata(e, `field metadata of ${collection}`, () => fallbackFields(collection)));
  }

  /**
   * Metadata the server refuses (403, 404) or answers in a form this client does not know: the
   * editor and pickers go on with what works without it, and the ALM log says why (issue 25).
   */
  private withoutMetadata<T>(e: unknown, what: string, fallback: () => T): T {
    if (!(e instanceof ForbiddenError || e instanceof NotFoundError || e instanceof UnexpectedAnswerError)) throw e;
    const { scope, logger } = this.ctx;
    const why = e instanceof UnexpectedAnswerError ? e.message : `HTTP ${e.status ?? '?'}${e.request ? ` on ${e.request}` : ''}`;
    logger.warn(`${scope.domain}/${scope.project}: could not read the ${what} (${why}); going on without it`);
    return fallback();
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
