// The wire-dialect seam: everything that differs between the 12.5x `/api` tree and the Core
// `/rest` tree — paths, envelopes, clause syntax, how locks and attachments are addressed and
// where field metadata and lists come from — sits behind this one interface, so resources and
// the extension never ask which tree they talk to.
import type { Filter, OrderBy } from '../clauses';
import type { HttpRequest, HttpResponse } from '../http/transport';
import type { Attachment, EntityRef, FieldCatalog, GroupCount, ListTree, Lock, ProjectUser } from '../types';

export interface ProjectScope {
  domain: string;
  project: string;
}

/** Which REST tree a dialect speaks. */
export type RestTree = 'api' | 'rest';

/** Clauses of a collection GET, already normalized. */
export interface CollectionClauses {
  fields?: readonly string[];
  orderBy?: readonly OrderBy[];
  filter?: Filter;
  /** 0-based. */
  offset?: number;
  limit?: number;
}

/** A collection response, unwrapped. */
export interface CollectionEnvelope {
  items: Record<string, unknown>[];
  /** Total size of the (filtered) collection when the server said. */
  total?: number;
}

/** The requests a dialect may send itself (metadata, lists), already scoped and cancellable. */
export interface DialectIo {
  scope: ProjectScope;
  signal?: AbortSignal;
  json(req: HttpRequest): Promise<HttpResponse & { body: unknown }>;
  text(req: HttpRequest): Promise<HttpResponse & { text: string }>;
}

/**
 * How one project's attachments are addressed. The `/api` tree has one flat collection; Core
 * keeps them under their entity, so its routes remember which entity each attachment belongs to.
 */
export interface AttachmentRoutes {
  /** The GETs that list the attachments of `filter` (one per entity on Core). */
  listRequests(filter: { entity?: { type: string; ids: readonly number[] }; name?: string; ids?: readonly number[] }): { path: string; params: [string, string][]; entity?: EntityRef }[];
  /** Path and parameters of one attachment (descriptor, bytes, PUT, DELETE). */
  item(id: number): { path: string; params: [string, string][] };
  /** Where an upload for `entity` is POSTed, and the multipart text parts that name the entity. */
  upload(entity: EntityRef): { path: string; entityParts: { name: string; value: string }[] };
  /** The attachment record out of a list item, descriptor or upload answer; remembers its entity. */
  decode(record: Record<string, unknown>, entity?: EntityRef): Attachment;
  /** Drops what was remembered about a deleted attachment. */
  forget(id: number): void;
}

export interface WireDialect {
  readonly name: string;
  readonly tree: RestTree;
  /** Largest page the dialect's servers accept (the client never asks for more). */
  readonly maxPageSize: number;
  /** True when field values arrive as strings and are typed from the collection's field metadata. */
  readonly stringValues: boolean;

  /** Paths relative to the base URL (which already ends with the root path, e.g. `/qcbin`). */
  domainsPath(): string;
  domainsParams(): [string, string][];
  projectsPath(domain: string): string;
  collectionPath(scope: ProjectScope, collection: string): string;
  /** Throws for an id that is not a positive integer, so a write can never fall back to the collection. */
  entityPath(scope: ProjectScope, collection: string, id: number): string;

  /** Query-string parameters for a collection GET, in order. */
  collectionParams(clauses: CollectionClauses): [string, string][];
  /** Query-string parameters for a single-entity GET. */
  entityParams(fields?: readonly string[]): [string, string][];

  parseDomains(body: unknown): { name: string; projects?: string[] }[];
  parseProjects(body: unknown): string[];
  /** Items as flat records (`{id, name, …}`); on string dialects the values are still strings. */
  parseCollection(body: unknown): CollectionEnvelope;
  parseEntity(body: unknown): Record<string, unknown>;

  /** Body of a POST creating one instance. */
  encodeCreate(type: string, fields: Record<string, unknown>): unknown;
  /** Body of a PUT on one instance (only the changed fields). */
  encodeUpdate(type: string, fields: Record<string, unknown>): unknown;
  /**
   * Bodies of a PUT on a collection with an explicit, non-empty selection: every form the tree
   * documents, best first; a caller tries the next when a server refuses one.
   */
  bulkUpdateBodies(type: string, items: readonly { id: number; changes: Record<string, unknown> }[]): BulkBody[];

  /** The POST that locks `entity`: its path and body (none on Core). */
  lockCreate(scope: ProjectScope, entity: EntityRef): { path: string; body?: unknown };
  /** The lock out of the POST's answer; `user` is the signed-in user, for dialects that do not say. */
  parseCreatedLock(body: unknown, entity: EntityRef, user: string): Lock;
  /** The DELETE that releases `lock`. */
  lockReleasePath(scope: ProjectScope, lock: Lock): string;

  /** A fresh set of attachment routes for one project (Core's remember attachment owners). */
  attachmentRoutes(scope: ProjectScope): AttachmentRoutes;

  /** Field metadata of a collection. */
  loadFields(io: DialectIo, collection: string): Promise<FieldCatalog>;
  /** Every list of the project, as a tree. */
  loadLists(io: DialectIo): Promise<ListTree>;
  /** The project's active users; rejects with ForbiddenError or NotFoundError where the server offers none. */
  loadUsers(io: DialectIo): Promise<ProjectUser[]>;
  /** Every value's count in one request (Core `groups/{field}`); absent where the tree has none (`/api`). */
  readonly groups?: {
    request(scope: ProjectScope, collection: string, field: string, filter?: Filter): { path: string; params: [string, string][] };
    parse(body: unknown): GroupCount[];
  };
}

/** One form of a bulk write: its name (remembered per server), content type and body. */
export interface BulkBody {
  form: string;
  contentType: string;
  /** The body, written when this form is tried. */
  text(): string;
}
