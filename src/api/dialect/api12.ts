// The 12.5x `/api` tree: `/api/domains/{d}/projects/{p}/{collection}`, `{data, total-count}`
// envelopes, `limit`/`offset` paging, `order-by=a,-b` and the seed's bracket `query`.
import { SelectionGuardError, ServerError } from '../errors';
import type { EntityRef } from '../types';
import { renderFilter } from './bracketSyntax';
import type { CollectionClauses, CollectionEnvelope, ProjectScope, WireDialect } from './dialect';

const seg = encodeURIComponent;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function unexpected(what: string): never {
  throw new ServerError(`The server's answer is not a valid ${what}. Check that the URL points to ALM 12.5x (…/qcbin).`);
}

/** Ids in paths must be positive integers: anything else could turn an entity write into a collection write. */
function assertEntityId(id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new SelectionGuardError(`Entity id ${String(id)} is not a positive integer.`);
  }
}

export class Api12Dialect implements WireDialect {
  readonly name = 'alm-12.5x-api';
  readonly maxPageSize = 2000;

  domainsPath(): string {
    return '/api/domains';
  }

  projectsPath(domain: string): string {
    return `/api/domains/${seg(domain)}/projects`;
  }

  collectionPath(scope: ProjectScope, collection: string): string {
    return `/api/domains/${seg(scope.domain)}/projects/${seg(scope.project)}/${seg(collection)}`;
  }

  entityPath(scope: ProjectScope, collection: string, id: number): string {
    assertEntityId(id);
    return `${this.collectionPath(scope, collection)}/${id}`;
  }

  metadataPath(scope: ProjectScope, collection: string): string {
    return `${this.collectionPath(scope, collection)}/$metadata/fields`;
  }

  collectionParams(c: CollectionClauses): [string, string][] {
    const params: [string, string][] = [];
    if (c.fields?.length) params.push(['fields', c.fields.join(',')]);
    if (c.orderBy?.length) {
      params.push(['order-by', c.orderBy.map((o) => `${o.direction === 'desc' ? '-' : ''}${o.field}`).join(',')]);
    }
    const query = c.filter ? renderFilter(c.filter) : undefined;
    if (query) params.push(['query', query]);
    if (c.limit !== undefined) params.push(['limit', String(c.limit)]);
    if (c.offset !== undefined) params.push(['offset', String(c.offset)]);
    return params;
  }

  entityParams(fields?: readonly string[]): [string, string][] {
    return fields?.length ? [['fields', fields.join(',')]] : [];
  }

  parseDomains(body: unknown): { name: string; projects?: string[] }[] {
    return this.results(body, 'domain list').map((d) => {
      if (typeof d.name !== 'string') unexpected('domain list');
      const projects = Array.isArray(d.projects)
        ? d.projects.filter(isRecord).map((p) => String(p.name))
        : isRecord(d.projects) && Array.isArray(d.projects.results)
          ? d.projects.results.filter(isRecord).map((p) => String(p.name))
          : undefined;
      return projects ? { name: d.name, projects } : { name: d.name };
    });
  }

  parseProjects(body: unknown): string[] {
    return this.results(body, 'project list').map((p) => {
      if (typeof p.name !== 'string') unexpected('project list');
      return p.name;
    });
  }

  parseCollection(body: unknown): CollectionEnvelope {
    if (!isRecord(body) || !Array.isArray(body.data)) unexpected('collection');
    const total = body['total-count'];
    return { items: body.data.filter(isRecord), total: typeof total === 'number' ? total : undefined };
  }

  parseEntity(body: unknown): Record<string, unknown> {
    if (!isRecord(body)) unexpected('entity');
    // Some servers wrap even single instances in `data`; accept that shape too.
    if (Array.isArray(body.data) && body.data.length === 1 && isRecord(body.data[0]) && body.id === undefined) {
      return body.data[0];
    }
    return body;
  }

  encodeCreate(type: string, fields: Record<string, unknown>): unknown {
    return { data: [{ ...fields, type }] };
  }

  encodeUpdate(fields: Record<string, unknown>): unknown {
    return fields;
  }

  encodeBulkUpdate(type: string, items: readonly { id: number; changes: Record<string, unknown> }[]): unknown {
    return { data: items.map((i) => ({ ...i.changes, type, id: i.id })) };
  }

  lockCreate(scope: ProjectScope, entity: EntityRef): { path: string; body: unknown } {
    assertEntityId(entity.id);
    return { path: this.collectionPath(scope, 'locks'), body: { data: [{ entity: { id: entity.id, type: entity.type } }] } };
  }

  lockPath(scope: ProjectScope, lockId: number): string {
    return this.entityPath(scope, 'locks', lockId);
  }

  parseCreatedLock(body: unknown): Record<string, unknown> {
    if (isRecord(body) && Array.isArray(body.data) && isRecord(body.data[0])) return body.data[0];
    if (isRecord(body) && typeof body.id === 'number') return body;
    return unexpected('lock');
  }

  private results(body: unknown, what: string): Record<string, unknown>[] {
    // `results` per the public clients; `data` accepted as the seed's general envelope.
    const list = isRecord(body) ? (body.results ?? body.data) : undefined;
    if (!Array.isArray(list)) unexpected(what);
    return list.filter(isRecord);
  }
}
