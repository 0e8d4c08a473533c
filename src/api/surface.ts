// The client's public resource interfaces. Features code against these (and can fake them in
// tests); AlmClient and its project objects implement them.
import type { Readable } from 'node:stream';
import type { Filter, OrderBySpec } from './clauses';
import type { CallOptions } from './options';
import type { CrossAlias } from './relations';
import type {
  Attachment,
  Defect,
  DefectChanges,
  DefectHistory,
  DefectLink,
  DefectLinks,
  EntityRef,
  Favorite,
  FavoriteFolder,
  FolderContent,
  NewFavorite,
  FieldCatalog,
  GroupCount,
  ListTree,
  Lock,
  NewLink,
  Page,
  ProjectUsers,
  ReferenceNames,
  ReleaseCatalog,
  TransferProgress,
} from './types';

export interface SessionInfo {
  /** The user (for an API key: the user the key belongs to, from `ALM_USER`, else the client id). */
  username: string;
  /** Which sign-in flow the server accepted. */
  flow: 'api' | 'authentication-point' | 'api-key';
}

export interface SessionEvent {
  signedIn: boolean;
  username?: string;
  /** `sign-in`, `re-sign-in` (after an expired session), `sign-out`, `expired` (re-sign-in failed). */
  reason: 'sign-in' | 're-sign-in' | 'sign-out' | 'expired';
}

export interface Disposable {
  dispose(): void;
}

export interface CollectionQuery extends CallOptions {
  /** Fields to return (`type` and `id` always come back). All fields when absent. */
  fields?: readonly string[];
  orderBy?: readonly OrderBySpec[];
  filter?: Filter;
  /** Items per request; capped at the dialect's maximum (2000). Default 500. */
  pageSize?: number;
}

export interface PageRequest extends CollectionQuery {
  /** 0-based offset of the first item. Default 0. */
  offset?: number;
}

/**
 * Every item of a query, fetched page by page as the caller iterates; it always walks to the end
 * (`total`) and throws if the server stops short, never capping silently.
 */
export interface PagedQuery<T> extends AsyncIterable<T> {
  /** The pages themselves, for callers that render page by page. */
  pages(): AsyncIterable<Page<T>>;
  /** `total-count` once the first page has arrived. */
  readonly total: number | undefined;
}

export interface UpdateOptions {
  /** The defect as the user saw it: unchanged fields are not sent. */
  original?: Defect;
  /**
   * With `original`: read the current `ver-stamp` first and throw VersionConflictError when it
   * moved (ALM itself does not reject stale writes). Needless while holding the lock.
   */
  checkVersion?: boolean;
  /**
   * The lock the change was made under. The PUT is sent only while it is held and is never
   * replayed after a re-sign-in (the server released the lock with the old session): both
   * throw LockLostError and write nothing, so the caller can lock again and re-check.
   */
  lock?: LockHandle;
}

export interface BulkUpdateOptions {
  /**
   * The locks the defects are changed under: the PUT is sent only while all are held and never
   * replayed after a re-sign-in (which released them); both throw LockLostError, writing nothing.
   */
  locks?: readonly LockHandle[];
}

/** Per defect, what a bulk update did: the server's copy after the change, or its reason for refusing. */
export interface BulkUpdateResult {
  updated: Defect[];
  failed: { id: number; reason: string; almId?: string }[];
}

export interface DefectsApi {
  query(query?: CollectionQuery): PagedQuery<Defect>;
  page(request?: PageRequest): Promise<Page<Defect>>;
  get(id: number, options?: CallOptions & { fields?: readonly string[] }): Promise<Defect>;
  /**
   * Sends only `changes`; with `original`, fields whose value equals the original are dropped
   * first (and nothing is sent when nothing changed). Returns the full updated defect.
   */
  update(id: number, changes: DefectChanges, options?: CallOptions & UpdateOptions): Promise<Defect>;
  /**
   * One PUT on the collection with an explicit selection; refuses an empty list. Resolves with what
   * happened to each defect when the server says so per defect (Core's bulk answer, also when some
   * failed: 409/500 `qccore.bulk-operation-failed`); rejects when the request failed as a whole.
   */
  updateMany(items: readonly { id: number; changes: DefectChanges }[], options?: CallOptions & BulkUpdateOptions): Promise<BulkUpdateResult>;
  create(fields: DefectChanges, options?: CallOptions): Promise<Defect>;
  /**
   * How many defects under `filter` hold each value of `field`, in one request where the server
   * offers it (Core `groups/{field}`); undefined where it does not (the `/api` tree, a server
   * answering 404), for the caller to count another way. Optional: fakes may leave it out.
   */
  groups?(field: string, options?: CallOptions & { filter?: Filter }): Promise<GroupCount[] | undefined>;
  /** Returns the deleted defect as the server last knew it. */
  delete(id: number, options?: CallOptions): Promise<Defect>;
}

export interface AttachmentFilter extends CallOptions {
  /** Attachments of these entities (type is required with ids, e.g. `defect`). */
  entity?: { type: string; ids: readonly number[] };
  /** One file name; needs `entity`. */
  name?: string;
  ids?: readonly number[];
}

/** Where upload bytes come from: a file path (re-readable, so a retry after re-sign-in works) or a stream. */
export type UploadSource = { path: string } | { stream: Readable; size?: number };

export interface UploadRequest extends CallOptions {
  entity: EntityRef;
  /** File name stored on the server. */
  name: string;
  source: UploadSource;
  description?: string;
  /** 1 allows linking from a rich-text field. */
  refSubtype?: number;
  onProgress?: (progress: TransferProgress) => void;
}

export interface Download {
  /** The bytes, streamed (already decompressed). Consume or destroy it: it holds a connection slot. */
  stream: Readable;
  contentType: string | undefined;
  /** Content-Length when the server sent one. */
  size: number | undefined;
}

export interface SaveOptions extends CallOptions {
  onProgress?: (p: TransferProgress) => void;
  /** The size the attachment's record announced: checked (and reported as progress total) when the response has no Content-Length. */
  expectedSize?: number;
}

export interface AttachmentsApi {
  list(filter?: AttachmentFilter): Promise<Attachment[]>;
  get(id: number, options?: CallOptions): Promise<Attachment>;
  download(id: number, options?: CallOptions & { onProgress?: (p: TransferProgress) => void }): Promise<Download>;
  /**
   * Downloads into `path`: written to a temporary file beside it and renamed over it only when
   * complete, so a failed or cancelled download never leaves a partial file. Returns the bytes written.
   */
  saveTo(id: number, path: string, options?: SaveOptions): Promise<number>;
  upload(request: UploadRequest): Promise<Attachment>;
  /** Replaces the content of the attachment named `request.name` on `request.entity`. */
  override(request: UploadRequest): Promise<Attachment>;
  rename(id: number, name: string, options?: CallOptions): Promise<Attachment>;
  describe(id: number, description: string, options?: CallOptions): Promise<Attachment>;
  delete(id: number, options?: CallOptions): Promise<void>;
}

/** A held lock. `release()` deletes it exactly once; later calls resolve at once. */
export interface LockHandle {
  readonly lock: Lock;
  /** `lost` when the session that held it ended (the server released it). */
  readonly state: 'held' | 'released' | 'lost';
  release(): Promise<void>;
}

export interface LocksApi {
  /** Throws LockedByOtherError (with who and since when) when another user holds it. */
  acquire(entity: EntityRef, options?: CallOptions): Promise<LockHandle>;
}

export interface ProjectApi {
  readonly domain: string;
  readonly project: string;
  /** All list items as a tree indexed by list id (cached; `refresh` re-reads). */
  listItems(options?: CallOptions & { refresh?: boolean }): Promise<ListTree>;
  /** Field metadata of a collection (cached per project; `refresh` re-reads). */
  fields(collection: string, options?: CallOptions & { refresh?: boolean }): Promise<FieldCatalog>;
  /**
   * The project's users for user pickers (cached; `refresh` re-reads): the server's user list, or
   * the users of recent defects where the server refuses it (said in `source` and in the log).
   */
  users(options?: CallOptions & { refresh?: boolean }): Promise<ProjectUsers>;
  readonly defects: DefectsApi;
  readonly attachments: AttachmentsApi;
  readonly locks: LocksApi;
  /** A defect's recorded changes (Core `audits`; the `/api` tree says it has none). */
  readonly history: HistoryApi;
  /** Links between defects (Core `defect-links`), both directions. */
  readonly links: LinksApi;
  /** ALM favorites of the defects module (Core `favorite-folders`, `favorites`; reference §17). */
  readonly favorites: FavoritesApi;
  /** Releases and cycles by id, for reference fields shown by name (cached; `refresh` re-reads). */
  releases(options?: CallOptions & { refresh?: boolean }): Promise<ReleaseCatalog>;
  /**
   * The names of what other reference fields (environment…) point to, by field and id (cached;
   * `refresh` re-reads). Optional: fakes may leave it out, and their values show as ids.
   */
  referenceNames?(options?: CallOptions & { refresh?: boolean }): Promise<ReferenceNames>;
}

export interface HistoryApi {
  /** The newest `limit` changes (default 2,000), newest first, and how many the server holds. */
  of(id: number, options?: CallOptions & { limit?: number }): Promise<DefectHistory>;
}

export interface FavoritesApi {
  roots(options?: CallOptions): Promise<FavoriteFolder[]>;
  content(folderId: number, options?: CallOptions): Promise<FolderContent>;
  named(name: string, options?: CallOptions): Promise<Favorite[]>;
  /** The REST alias of the relation from defects to an entity (a cross filter runs by it), or why there is none. */
  crossAliases(options?: CallOptions): Promise<(entity: string) => CrossAlias>;
  get(id: number, options?: CallOptions): Promise<Favorite>;
  create(favorite: NewFavorite, options?: CallOptions): Promise<Favorite>;
  update(id: number, changes: Partial<NewFavorite>, options?: CallOptions): Promise<Favorite>;
  remove(id: number, options?: CallOptions): Promise<void>;
}

export interface LinksApi {
  /** Both directions, the other defects named (bounded: a defect's links are read up to 10,000 each way). */
  of(id: number, options?: CallOptions): Promise<DefectLink[]>;
  /** Both directions without naming the defects that linked to this one; `name` the ones shown. */
  list(id: number, options?: CallOptions): Promise<DefectLinks>;
  name(links: readonly DefectLink[], options?: CallOptions): Promise<void>;
  add(from: number, link: NewLink, options?: CallOptions): Promise<DefectLink>;
  remove(linkId: number, options?: CallOptions): Promise<void>;
}
