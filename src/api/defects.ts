// Defects: paged queries, get, update (only changed fields), multi-update with an explicit
// selection (per-defect outcomes), create and delete.
import { allOf, assertFieldName, gt, normalizeCondition, normalizeOrderBy } from './clauses';
import type { Filter } from './clauses';
import { AlmApiError, LockLostError, NotFoundError, SelectionGuardError, ServerError, ValidationError, VersionConflictError } from './errors';
import { ValueTyper } from './dialect/coreValues';
import { SERVER_OWNED_FIELDS, sameValue } from './fieldValues';
import type { CollectionEnvelope, WireDialect } from './dialect/dialect';
import { KeysetCollection, PagedCollection, toPage } from './paging';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import { bulkEntries } from './bulkAnswer';
import type { BulkEntry } from './bulkAnswer';
import { refusesForm } from './bulkForms';
import type { BulkUpdateOptions, BulkUpdateResult, CollectionQuery, DefectsApi, PagedQuery, PageRequest, UpdateOptions } from './surface';
import type { Defect, DefectChanges, FieldCatalog, FieldValue, GroupCount, Page } from './types';

const COLLECTION = 'defects';
const DEFAULT_PAGE = 500;
const MAX_PAGE = 2000;

function toDefect(r: Record<string, unknown>): Defect {
  if (typeof r.id !== 'number') throw new ServerError('The server returned a defect without a numeric id.');
  return { ...(r as Record<string, FieldValue>), type: 'defect', id: r.id };
}

/** The changes that differ from `original`, without server-owned fields. */
function changedFields(changes: DefectChanges, original?: Defect): DefectChanges {
  const out: DefectChanges = {};
  for (const [k, v] of Object.entries(changes)) {
    assertFieldName(k, 'update');
    // ALM refuses server-owned fields in a write, so they are dropped here.
    if (SERVER_OWNED_FIELDS.has(k)) continue;
    if (original && k in original && sameValue(original[k], v)) continue;
    out[k] = v;
  }
  return out;
}

function lockLost(id: number): LockLostError {
  return new LockLostError(`The lock on defect ${id} was lost when the session ended; nothing was saved. Lock the defect again and save.`);
}

export class DefectsResource implements DefectsApi {
  private typer: { catalog: unknown; typer: ValueTyper } | undefined;

  constructor(private readonly ctx: ProjectContext) {}

  query(q: CollectionQuery = {}): PagedQuery<Defect> {
    const pageSize = this.pageSize(q.pageSize);
    const order = q.orderBy ? normalizeOrderBy(q.orderBy) : [];
    const byId = order.length === 0 || (order.length === 1 && order[0].field === 'id' && order[0].direction === 'asc');
    if (!byId) return new PagedCollection((offset, limit) => this.fetch(q, offset, limit), pageSize, toDefect);
    // In id order the walk continues after the last id seen (keyset) rather than by offset.
    return new KeysetCollection(
      (lastId, limit) => {
        if (lastId === undefined) return this.fetch(q, undefined, limit);
        const filter: Filter = { ...q.filter };
        filter.id = q.filter?.id === undefined ? gt(lastId) : allOf(normalizeCondition('id', q.filter.id), gt(lastId));
        return this.fetch({ ...q, filter }, undefined, limit);
      },
      pageSize,
      toDefect,
    );
  }

  async page(r: PageRequest = {}): Promise<Page<Defect>> {
    const offset = r.offset ?? 0;
    if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError('offset must be a non-negative integer');
    const limit = this.pageSize(r.pageSize);
    return toPage(await this.fetch(r, offset, limit), offset, limit, toDefect);
  }

  async get(id: number, o: CallOptions & { fields?: readonly string[] } = {}): Promise<Defect> {
    o.fields?.forEach((f) => assertFieldName(f, 'fields'));
    const { ctx } = this;
    const dialect = ctx.knownDialect() ?? (await ctx.dialect(o.signal));
    const res = await ctx.transport.json({
      method: 'GET',
      path: dialect.entityPath(ctx.scope, COLLECTION, id),
      params: dialect.entityParams(o.fields),
      signal: o.signal,
    });
    return this.entity(dialect, res.body, o.signal);
  }

  async update(id: number, changes: DefectChanges, o: CallOptions & UpdateOptions = {}): Promise<Defect> {
    const send = changedFields(changes, o.original);
    if (Object.keys(send).length === 0) {
      // Nothing differs: no PUT, but callers still get the server's current state.
      return this.get(id, { signal: o.signal });
    }
    const seen = o.original?.['ver-stamp'];
    if (o.checkVersion && typeof seen === 'number') {
      const now = (await this.get(id, { fields: ['ver-stamp'], signal: o.signal }))['ver-stamp'];
      if (now !== seen) {
        throw new VersionConflictError(`Defect ${id} was changed by someone else since you opened it (version ${seen} → ${String(now)}). Reload it and apply your changes again.`);
      }
    }
    const { ctx } = this;
    const lock = o.lock;
    if (lock && lock.state !== 'held') throw lockLost(id);
    const dialect = ctx.knownDialect() ?? (await ctx.dialect(o.signal));
    const res = await this.namingFields(
      ctx.transport.json({
        method: 'PUT',
        path: dialect.entityPath(ctx.scope, COLLECTION, id),
        json: dialect.encodeUpdate('defect', send),
        target: { kind: 'entity' },
        signal: o.signal,
        ...(lock ? { notReplayedAfterReSignIn: () => lockLost(id) } : {}),
      }),
    );
    return this.entity(dialect, res.body, o.signal);
  }

  async updateMany(items: readonly { id: number; changes: DefectChanges }[], o: CallOptions & BulkUpdateOptions = {}): Promise<BulkUpdateResult> {
    if (items.length === 0) {
      throw new SelectionGuardError('updateMany needs at least one defect: a PUT on the collection without a selection would change every defect.');
    }
    const cleaned = items.map((i) => ({ id: i.id, changes: changedFields(i.changes) }));
    const empty = cleaned.filter((i) => Object.keys(i.changes).length === 0).map((i) => i.id);
    if (empty.length) {
      throw new ValidationError(`Nothing to change for defect(s) ${empty.join(', ')}.`, [{ code: 'other', message: 'An item of the update has no changes.' }]);
    }
    const lost = o.locks?.find((l) => l.state !== 'held');
    if (lost) throw lockLost(lost.lock.entity.id);
    const { ctx } = this;
    const dialect = ctx.knownDialect() ?? (await ctx.dialect(o.signal));
    const bodies = ctx.bulkForms.order(dialect.bulkUpdateBodies('defect', cleaned));
    for (const [i, body] of bodies.entries()) {
      try {
        const res = await ctx.transport.json({
          method: 'PUT',
          path: dialect.collectionPath(ctx.scope, COLLECTION),
          body: () => ({ data: body.text(), contentType: body.contentType }),
          replayable: true,
          target: { kind: 'selection', ids: cleaned.map((c) => c.id) },
          signal: o.signal,
          ...(o.locks?.length ? { notReplayedAfterReSignIn: () => lockLost(cleaned[0].id) } : {}),
        });
        ctx.bulkForms.remember(body.form);
        const env = dialect.parseCollection(res.body);
        return { updated: await Promise.all(env.items.map((r) => this.typed(dialect, r, o.signal))), failed: [] };
      } catch (e) {
        const entries = bulkEntries(e);
        if (entries) {
          ctx.bulkForms.remember(body.form);
          return this.bulkOutcome(dialect, entries, o.signal);
        }
        // A refused form: the next documented one, if any (the server committed nothing).
        if (i === bodies.length - 1 || !refusesForm(e)) throw e;
        ctx.logger.info(`bulk update: the server refused the ${body.contentType} form (${e instanceof Error ? e.message : String(e)}); trying the next form`);
      }
    }
    throw new SelectionGuardError('The server offers no bulk-update form.');
  }

  private async bulkOutcome(dialect: WireDialect, entries: readonly BulkEntry[], signal: AbortSignal | undefined): Promise<BulkUpdateResult> {
    const result: BulkUpdateResult = { updated: [], failed: [] };
    for (const entry of entries) {
      if (!entry.succeeded) result.failed.push({ id: entry.id, reason: entry.reason, ...(entry.almId ? { almId: entry.almId } : {}) });
      else if (entry.entity !== undefined) result.updated.push(await this.entity(dialect, entry.entity, signal));
      else result.updated.push({ type: 'defect', id: entry.id });
    }
    return result;
  }

  async create(fields: DefectChanges, o: CallOptions = {}): Promise<Defect> {
    const send = changedFields(fields);
    const { ctx } = this;
    const dialect = ctx.knownDialect() ?? (await ctx.dialect(o.signal));
    const res = await this.namingFields(
      ctx.transport.json({
        method: 'POST',
        path: dialect.collectionPath(ctx.scope, COLLECTION),
        json: dialect.encodeCreate('defect', send),
        signal: o.signal,
      }),
    ).catch((e: unknown) => {
      throw createMayHaveLanded(e);
    });
    return this.entity(dialect, res.body, o.signal);
  }

  async groups(field: string, o: CallOptions & { filter?: Filter } = {}): Promise<GroupCount[] | undefined> {
    assertFieldName(field, 'groups');
    const { ctx } = this;
    const dialect = ctx.knownDialect() ?? (await ctx.dialect(o.signal));
    if (!dialect.groups) return undefined;
    const { path, params } = dialect.groups.request(ctx.scope, COLLECTION, field, o.filter);
    try {
      return dialect.groups.parse((await ctx.transport.json({ method: 'GET', path, params, signal: o.signal })).body);
    } catch (e) {
      // A Core server from before the grids' groups answers 404: the caller counts another way.
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  async delete(id: number, o: CallOptions = {}): Promise<Defect> {
    const { ctx } = this;
    const dialect = ctx.knownDialect() ?? (await ctx.dialect(o.signal));
    const res = await ctx.transport.json({
      method: 'DELETE',
      path: dialect.entityPath(ctx.scope, COLLECTION, id),
      target: { kind: 'entity' },
      signal: o.signal,
    });
    return res.body === undefined ? { type: 'defect', id } : this.entity(dialect, res.body, o.signal);
  }

  /**
   * A refusal that names a field by its label ("The field 'Severity' is required.", as 26.1 words
   * it) gets the field's name too, so the editor marks the right input.
   */
  private async namingFields<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (e) {
      if (!(e instanceof ValidationError) || e.problems.every((p) => p.field || !p.label)) throw e;
      const catalog = this.ctx.loadedFields(COLLECTION) ?? (await this.ctx.fields(COLLECTION).catch(() => undefined));
      if (!catalog) throw e;
      for (const p of e.problems) {
        if (p.field || !p.label) continue;
        const label = p.label.toLowerCase();
        p.field = catalog.fields.find((f) => f.label.toLowerCase() === label)?.name;
      }
      throw e;
    }
  }

  private pageSize(requested: number | undefined): number {
    const size = requested ?? DEFAULT_PAGE;
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError('pageSize must be a positive integer');
    // Both trees' servers cap pages at 2000 (WireDialect.maxPageSize).
    return Math.min(size, MAX_PAGE);
  }

  /** One typed defect out of an entity answer. */
  private entity(dialect: WireDialect, body: unknown, signal: AbortSignal | undefined): Promise<Defect> {
    return this.typed(dialect, dialect.parseEntity(body), signal);
  }

  /** A flattened record typed (Core sends every value as a string) into a defect. */
  private async typed(dialect: WireDialect, record: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Defect> {
    return toDefect(dialect.stringValues ? (this.loadedTyper() ?? (await this.values(signal))).type(record) : record);
  }

  /** The typer when the metadata is loaded already: no await per call. */
  private loadedTyper(): ValueTyper | undefined {
    const catalog = this.ctx.loadedFields(COLLECTION);
    return catalog ? this.typerFor(catalog) : undefined;
  }

  /** The typer of Core's string values, rebuilt only when the project's metadata was re-read. */
  private async values(signal: AbortSignal | undefined): Promise<ValueTyper> {
    return this.typerFor(await this.ctx.fields(COLLECTION, signal));
  }

  private typerFor(catalog: FieldCatalog): ValueTyper {
    if (this.typer?.catalog !== catalog) this.typer = { catalog, typer: new ValueTyper(catalog) };
    return this.typer.typer;
  }

  private async fetch(q: CollectionQuery, offset: number | undefined, limit: number): Promise<CollectionEnvelope> {
    q.fields?.forEach((f) => assertFieldName(f, 'fields'));
    const { ctx } = this;
    const dialect = ctx.knownDialect() ?? (await ctx.dialect(q.signal));
    const res = await ctx.transport.json({
      method: 'GET',
      path: dialect.collectionPath(ctx.scope, COLLECTION),
      params: dialect.collectionParams({
        fields: q.fields,
        orderBy: q.orderBy ? normalizeOrderBy(q.orderBy) : undefined,
        filter: q.filter,
        offset,
        limit,
      }),
      signal: q.signal,
    });
    const env = dialect.parseCollection(res.body);
    if (!dialect.stringValues) return env;
    const typer = this.loadedTyper() ?? (await this.values(q.signal));
    return { items: env.items.map((r) => typer.type(r)), total: env.total };
  }
}

/**
 * A create the server failed with a 5xx may still have committed (a live 26.1 once did, reference
 * §16.4): the reason says to look before trying again, so a retry does not file the defect twice.
 */
function createMayHaveLanded(e: unknown): unknown {
  if (!(e instanceof AlmApiError) || e.status === undefined || e.status < 500) return e;
  e.message = `${e.message} The defect may have been created anyway: check the project's newest defects before trying again.`;
  return e;
}
