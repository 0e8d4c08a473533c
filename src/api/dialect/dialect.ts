// The wire-dialect seam: everything that differs between the 12.5x `/api` tree and the Core
// `/rest` tree of newer releases — paths, envelopes and clause syntax — sits behind this one
// interface, so adding Core later touches no caller of the client.
import type { Filter, OrderBy } from '../clauses';
import type { EntityRef } from '../types';

export interface ProjectScope {
  domain: string;
  project: string;
}

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

export interface WireDialect {
  readonly name: string;
  /** Largest page the dialect's servers accept (the client never asks for more). */
  readonly maxPageSize: number;

  /** Paths relative to the base URL (which already ends with the root path, e.g. `/qcbin`). */
  domainsPath(): string;
  projectsPath(domain: string): string;
  collectionPath(scope: ProjectScope, collection: string): string;
  /** Throws for an id that is not a positive integer, so a write can never fall back to the collection. */
  entityPath(scope: ProjectScope, collection: string, id: number): string;
  metadataPath(scope: ProjectScope, collection: string): string;

  /** Query-string parameters for a collection GET, in order. */
  collectionParams(clauses: CollectionClauses): [string, string][];
  /** Query-string parameters for a single-entity GET. */
  entityParams(fields?: readonly string[]): [string, string][];

  parseDomains(body: unknown): { name: string; projects?: string[] }[];
  parseProjects(body: unknown): string[];
  parseCollection(body: unknown): CollectionEnvelope;
  parseEntity(body: unknown): Record<string, unknown>;

  /** Body of a POST creating one instance. */
  encodeCreate(type: string, fields: Record<string, unknown>): unknown;
  /** Body of a PUT on one instance (only the changed fields). */
  encodeUpdate(fields: Record<string, unknown>): unknown;
  /** Body of a PUT on a collection with an explicit, non-empty selection. */
  encodeBulkUpdate(type: string, items: readonly { id: number; changes: Record<string, unknown> }[]): unknown;
  /** Body of a POST creating a lock, and its path. */
  lockCreate(scope: ProjectScope, entity: EntityRef): { path: string; body: unknown };
  lockPath(scope: ProjectScope, lockId: number): string;
  /** The created lock record out of the POST response. */
  parseCreatedLock(body: unknown): Record<string, unknown>;
}
