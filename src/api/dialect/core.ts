// The Core `/rest` tree (every ALM from 11.x to 26.x): `/rest/domains/{d}/projects/{p}/{collection}`,
// `Fields` envelopes in JSON, `page-size`/`start-index` (1-based) paging, `{f[ASC]}` ordering and
// the bracket `query`, locks as `{entity}/lock`, attachments under their entity, metadata from
// `customization/…`. Values arrive as strings; resources type them with ValueTyper.
import { toAttachment } from '../attachments';
import { LockedByOtherError, NotFoundError, ServerError } from '../errors';
import type { EntityRef, FieldCatalog, ListTree, Lock, ProjectUser } from '../types';
import { assertEntityId } from './api12';
import { renderFilter } from './bracketSyntax';
import { coreGroups } from './coreGroups';
import { parseCoreFields, parseCoreLists } from './coreMetadata';
import { loadCoreUsers } from './coreUsers';
import { entityEnvelope, flattenEntity, isRecord } from './coreValues';
import type { AttachmentRoutes, BulkBody, CollectionClauses, CollectionEnvelope, DialectIo, ProjectScope, WireDialect } from './dialect';
import { coreBulkBodies } from './coreBulk';

const seg = encodeURIComponent;

function unexpected(what: string): never {
  throw new ServerError(`The server's answer is not a valid ${what}. Check that the URL points to the ALM server (…/qcbin).`);
}

/** `defect` → `defects`: the collection of an entity type. */
function collectionOf(type: string): string {
  return type.endsWith('s') ? type : `${type}s`;
}

/** `defects` → `defect`: Core's customization resources are named by the singular type. */
function entityTypeOf(collection: string): string {
  return collection.endsWith('s') ? collection.slice(0, -1) : collection;
}

/** `YYYY-MM-DD hh:mm:ss` in local time, the form ALM writes lock times in. */
function almNow(d = new Date()): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The record list under `key`, accepting a lone object where one item was mapped from XML. */
function records(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter(isRecord) : isRecord(v) ? [v] : [];
}

export class CoreDialect implements WireDialect {
  readonly name = 'alm-core-rest';
  readonly tree = 'rest';
  readonly maxPageSize = 2000;
  readonly stringValues = true;
  readonly groups = coreGroups;

  domainsPath(): string {
    return '/rest/domains';
  }

  domainsParams(): [string, string][] {
    // One request for the whole site, as ALM's own clients do.
    return [['include-projects-info', 'y']];
  }

  projectsPath(domain: string): string {
    return `/rest/domains/${seg(domain)}/projects`;
  }

  collectionPath(scope: ProjectScope, collection: string): string {
    return `/rest/domains/${seg(scope.domain)}/projects/${seg(scope.project)}/${seg(collection)}`;
  }

  entityPath(scope: ProjectScope, collection: string, id: number): string {
    assertEntityId(id);
    return `${this.collectionPath(scope, collection)}/${id}`;
  }

  collectionParams(c: CollectionClauses): [string, string][] {
    const params: [string, string][] = [];
    if (c.fields?.length) params.push(['fields', withId(c.fields).join(',')]);
    if (c.orderBy?.length) {
      params.push(['order-by', `{${c.orderBy.map((o) => `${o.field}[${o.direction === 'desc' ? 'DESC' : 'ASC'}]`).join(';')}}`]);
    }
    const query = c.filter ? renderFilter(c.filter) : undefined;
    if (query) params.push(['query', query]);
    if (c.limit !== undefined) params.push(['page-size', String(c.limit)]);
    if (c.offset !== undefined) params.push(['start-index', String(c.offset + 1)]);
    return params;
  }

  entityParams(fields?: readonly string[]): [string, string][] {
    return fields?.length ? [['fields', withId(fields).join(',')]] : [];
  }

  parseDomains(body: unknown): { name: string; projects?: string[] }[] {
    const list = isRecord(body) ? (body.Domain ?? (isRecord(body.Domains) ? body.Domains.Domain : undefined)) : undefined;
    if (list === undefined && !(isRecord(body) && 'Domains' in body)) unexpected('domain list');
    return records(list).map((d) => {
      if (typeof d.Name !== 'string') unexpected('domain list');
      const projects = isRecord(d.Projects) ? records(d.Projects.Project).map((p) => String(p.Name)) : undefined;
      return projects ? { name: d.Name, projects } : { name: d.Name };
    });
  }

  parseProjects(body: unknown): string[] {
    const list = isRecord(body) ? (body.Project ?? (isRecord(body.Projects) ? body.Projects.Project : undefined)) : undefined;
    if (list === undefined && !(isRecord(body) && 'Projects' in body)) unexpected('project list');
    return records(list).map((p) => {
      if (typeof p.Name !== 'string') unexpected('project list');
      return p.Name;
    });
  }

  parseCollection(body: unknown): CollectionEnvelope {
    if (!isRecord(body) || !Array.isArray(body.entities)) unexpected('collection');
    const total = body.TotalResults;
    const n = typeof total === 'number' ? total : typeof total === 'string' && /^\d+$/.test(total) ? Number(total) : undefined;
    return { items: body.entities.map(flattenEntity), total: n };
  }

  parseEntity(body: unknown): Record<string, unknown> {
    return flattenEntity(body);
  }

  encodeCreate(type: string, fields: Record<string, unknown>): unknown {
    return entityEnvelope(type, fields);
  }

  encodeUpdate(type: string, fields: Record<string, unknown>): unknown {
    return entityEnvelope(type, fields);
  }

  bulkUpdateBodies(type: string, items: readonly { id: number; changes: Record<string, unknown> }[]): BulkBody[] {
    return coreBulkBodies(type, items);
  }

  lockCreate(scope: ProjectScope, entity: EntityRef): { path: string } {
    return { path: `${this.entityPath(scope, collectionOf(entity.type), entity.id)}/lock` };
  }

  parseCreatedLock(body: unknown, entity: EntityRef, user: string): Lock {
    // The POST answers with the locked entity; a LockStatusEntity saying someone else holds it is a refusal.
    const status = isRecord(body) ? (isRecord(body.LockStatusEntity) ? body.LockStatusEntity : body) : undefined;
    if (status && status.LockStatus === 'LOCKED_BY_OTHER') {
      const who = typeof status.LockUser === 'string' ? status.LockUser : undefined;
      throw new LockedByOtherError(`${who ?? 'Another user'} is editing this item. Try again when they have finished.`, who, undefined, { status: 200, almId: 'qccore.lock-failure' });
    }
    const holder = status && typeof status.LockUser === 'string' ? status.LockUser : user;
    // Core locks have no id of their own: the entity's id names the lock.
    return { id: entity.id, entity: { type: entity.type, id: entity.id }, user: holder, lockTime: almNow(), sessionLastTouch: null };
  }

  lockReleasePath(scope: ProjectScope, lock: Lock): string {
    return `${this.entityPath(scope, collectionOf(lock.entity.type), lock.entity.id)}/lock`;
  }

  attachmentRoutes(scope: ProjectScope): AttachmentRoutes {
    // Core addresses an attachment through its entity; every record seen tells which one that is.
    const owners = new Map<number, EntityRef>();
    const under = (entity: EntityRef): string => `${this.entityPath(scope, collectionOf(entity.type), entity.id)}/attachments`;
    return {
      listRequests: (f) =>
        (f.entity?.ids ?? []).map((id) => {
          const entity = { type: f.entity?.type ?? 'defect', id };
          return { path: under(entity), params: [], entity };
        }),
      item: (id) => {
        assertEntityId(id);
        const owner = owners.get(id);
        if (!owner) throw new NotFoundError(`Attachment ${id} is not among the attachments listed so far. Refresh the defect's attachments and try again.`, { status: 404 });
        return { path: `${under(owner)}/${id}`, params: [['by-id', 'true']] };
      },
      upload: (entity) => ({ path: under(entity), entityParts: [] }),
      decode: (record, entity) => {
        const a = toAttachment(attachmentRecord(record, entity));
        if (a.entity.id > 0 && a.entity.type) owners.set(a.id, a.entity);
        return a;
      },
      forget: (id) => owners.delete(id),
    };
  }

  async loadFields(io: DialectIo, collection: string): Promise<FieldCatalog> {
    const path = `${this.collectionPath(io.scope, 'customization')}/entities/${seg(entityTypeOf(collection))}/fields`;
    const res = await io.json({ method: 'GET', path, signal: io.signal });
    return parseCoreFields(collection, res.body);
  }

  async loadLists(io: DialectIo): Promise<ListTree> {
    const res = await io.json({ method: 'GET', path: `${this.collectionPath(io.scope, 'customization')}/used-lists`, signal: io.signal });
    return parseCoreLists(res.body);
  }

  loadUsers(io: DialectIo): Promise<ProjectUser[]> {
    return loadCoreUsers(io);
  }
}

/** Core always returns ids when asked for fields; asking keeps keyset walks and typing safe. */
function withId(fields: readonly string[]): readonly string[] {
  return fields.includes('id') ? fields : ['id', ...fields];
}

/** A flattened Core attachment as the `/api` record `toAttachment` reads: numbers typed, owner as `entity`. */
function attachmentRecord(r: Record<string, unknown>, entity?: EntityRef): Record<string, unknown> {
  const num = (v: unknown): unknown => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  const parentId = num(r['parent-id']);
  const parentType = typeof r['parent-type'] === 'string' ? r['parent-type'] : undefined;
  return {
    ...r,
    id: num(r.id),
    'file-size': num(r['file-size']),
    'ref-subtype': num(r['ref-subtype']),
    entity: typeof parentId === 'number' ? { id: parentId, type: parentType ?? entity?.type ?? 'defect' } : entity,
  };
}
