// The 12.5x `/api` tree: `/api/domains/{d}/projects/{p}/{collection}`, `{data, total-count}`
// envelopes, `limit`/`offset` paging, `order-by=a,-b` and the seed's bracket `query`.
import { toAttachment } from '../attachments';
import { anyOf } from '../clauses';
import type { Filter } from '../clauses';
import { SelectionGuardError, ServerError } from '../errors';
import { Lists, toListItem } from '../listItems';
import { toLock } from '../locks';
import { parseFieldsText } from '../metadata';
import { PagedCollection } from '../paging';
import type { EntityRef, FieldCatalog, ListItem, ListTree, Lock, ProjectUser } from '../types';
import { renderFilter } from './bracketSyntax';
import { loadCoreUsers } from './coreUsers';
import type { AttachmentRoutes, BulkBody, CollectionClauses, CollectionEnvelope, DialectIo, ProjectScope, WireDialect } from './dialect';

const seg = encodeURIComponent;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function unexpected(what: string): never {
  throw new ServerError(`The server's answer is not a valid ${what}. Check that the URL points to ALM 12.5x (…/qcbin).`);
}

/** Ids in paths must be positive integers: anything else could turn an entity write into a collection write. */
export function assertEntityId(id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new SelectionGuardError(`Entity id ${String(id)} is not a positive integer.`);
  }
}

export class Api12Dialect implements WireDialect {
  readonly name = 'alm-12.5x-api';
  readonly tree = 'api';
  readonly maxPageSize = 2000;
  readonly stringValues = false;

  domainsPath(): string {
    return '/api/domains';
  }

  domainsParams(): [string, string][] {
    return [];
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

  encodeUpdate(_type: string, fields: Record<string, unknown>): unknown {
    return fields;
  }

  bulkUpdateBodies(type: string, items: readonly { id: number; changes: Record<string, unknown> }[]): BulkBody[] {
    return [{ form: 'api-data', contentType: 'application/json', text: () => JSON.stringify({ data: items.map((i) => ({ ...i.changes, type, id: i.id })) }) }];
  }

  lockCreate(scope: ProjectScope, entity: EntityRef): { path: string; body: unknown } {
    assertEntityId(entity.id);
    return { path: this.collectionPath(scope, 'locks'), body: { data: [{ entity: { id: entity.id, type: entity.type } }] } };
  }

  parseCreatedLock(body: unknown): Lock {
    if (isRecord(body) && Array.isArray(body.data) && isRecord(body.data[0])) return toLock(body.data[0]);
    if (isRecord(body) && typeof body.id === 'number') return toLock(body);
    return unexpected('lock');
  }

  lockReleasePath(scope: ProjectScope, lock: Lock): string {
    return this.entityPath(scope, 'locks', lock.id);
  }

  attachmentRoutes(scope: ProjectScope): AttachmentRoutes {
    const collection = this.collectionPath(scope, 'attachments');
    return {
      listRequests: (f) => {
        const filter: Filter = {};
        if (f.entity) {
          filter['entity.type'] = f.entity.type;
          filter['entity.id'] = anyOf(...f.entity.ids);
        }
        // Equality: a `*` in a file name is matched literally (see bracketSyntax).
        if (f.name !== undefined) filter.name = f.name;
        if (f.ids) filter.id = anyOf(...f.ids);
        return [{ path: collection, params: this.collectionParams({ filter }) }];
      },
      item: (id) => ({ path: this.entityPath(scope, 'attachments', id), params: [] }),
      upload: (entity) => ({
        path: collection,
        entityParts: [
          { name: 'entity.type', value: entity.type },
          { name: 'entity.id', value: String(entity.id) },
        ],
      }),
      decode: (record) => toAttachment(record),
      forget: () => undefined,
    };
  }

  async loadFields(io: DialectIo, collection: string): Promise<FieldCatalog> {
    // Raw text: JSON.parse would drop the first of the two `type` members of each record.
    const res = await io.text({ method: 'GET', path: `${this.collectionPath(io.scope, collection)}/$metadata/fields`, signal: io.signal });
    return parseFieldsText(collection, res.text);
  }

  async loadLists(io: DialectIo): Promise<ListTree> {
    const walk = new PagedCollection(
      async (offset, limit) => {
        const res = await io.json({
          method: 'GET',
          path: this.collectionPath(io.scope, 'list-items'),
          params: this.collectionParams({ offset, limit }),
          signal: io.signal,
        });
        return this.parseCollection(res.body);
      },
      this.maxPageSize,
      toListItem,
    );
    const items: ListItem[] = [];
    for await (const item of walk) items.push(item);
    return new Lists(items);
  }

  loadUsers(io: DialectIo): Promise<ProjectUser[]> {
    // The /api tree has no users resource (seed: `user` only as a reference source). 12.5x servers
    // serve the Core tree beside it on the same session, so its `customization/users` is asked;
    // an api-only server answers 404 and the caller falls back.
    return loadCoreUsers(io);
  }

  private results(body: unknown, what: string): Record<string, unknown>[] {
    // `results` per the public clients; `data` accepted as the seed's general envelope.
    const list = isRecord(body) ? (body.results ?? body.data) : undefined;
    if (!Array.isArray(list)) unexpected(what);
    return list.filter(isRecord);
  }
}
