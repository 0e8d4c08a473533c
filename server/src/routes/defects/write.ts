// PUT (one defect, several, or the whole collection), POST and DELETE of defects. Every request
// runs in one transaction: it is applied completely or not at all.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGING } from '../../config';
import type { AlmSession, ProjectStore, ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import { compileCollectionRequest } from '../../query/index';
import { createDefect, deletableDefect, deleteDefects, updateDefect } from '../../rules/defects';
import type { DefectRow } from '../../store/projectTypes';
import { formatDateTime } from '../../store/time';
import { assertWritable } from '../lockGuard';
import { entityId, projectOf, queryParams } from '../params';
import { asObject, validateChanges } from './changes';
import type { DefectBody } from './changes';
import { defectJson } from './representation';

const session = (request: FastifyRequest): AlmSession => request.almSession as AlmSession;

/** Prefixes an element's error with its position, so a client knows which one failed. */
function inElement<T>(index: number, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AlmError) throw new AlmError(err.status, err.id, `data[${index}]: ${err.title}`, err.properties);
    throw err;
  }
}

function dataArray(body: unknown, what: string): unknown[] {
  const data = asObject(body, what).data;
  if (!Array.isArray(data) || data.length === 0) throw new AlmError(400, 'qccore.general-error', `Expected ${what} with a non-empty "data" array.`);
  return data;
}

export function registerDefectWrites(app: FastifyInstance, ctx: ServerContext): void {
  app.put('/defects/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const body = asObject(request.body, 'the fields to change');
    return defectJson(store.transaction(() => updateDefect(ctx, store, session(request), id, body)));
  });

  app.put('/defects', async (request) => {
    const store = projectOf(ctx, request);
    const body = asObject(request.body, 'a defect update');
    if (!('data' in body)) return updateSelection(ctx, store, session(request), body, queryParams(request));
    const rows = store.transaction(() =>
      dataArray(body, 'a multi-defect update').map((item, index) =>
        inElement(index, () => {
          const element = asObject(item, 'each element of "data"');
          const rawId = element.id;
          if (typeof rawId !== 'number' && typeof rawId !== 'string') {
            throw new AlmError(400, 'qccore.general-error', 'Each element must identify its defect with "id" (and "type": "defect").');
          }
          return updateDefect(ctx, store, session(request), entityId(String(rawId), 'defect'), element);
        }),
      ),
    );
    return { data: rows.map((row) => defectJson(row)), 'total-count': rows.length };
  });

  app.post('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const body = asObject(request.body, 'the new defect');
    const elements = 'data' in body ? dataArray(body, 'the new defects') : [body];
    const rows = store.transaction(() =>
      elements.map((item, index) =>
        inElement(index, () => {
          return createDefect(ctx, store, asObject(item, 'each new defect'));
        }),
      ),
    );
    const first = rows[0] as DefectRow;
    const { domain, project } = request.params as { domain: string; project: string };
    const base = `${request.protocol}://${request.headers.host ?? 'localhost'}${ctx.options.rootPath}`;
    void reply.header('Location', `${base}/api/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}/defects/${first.id}`);
    void reply.code(201);
    return rows.length === 1 ? defectJson(first) : { data: rows.map((row) => defectJson(row)), 'total-count': rows.length };
  });

  app.delete('/defects/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const [row] = store.transaction(() => deleteDefects(ctx, store, [deletableDefect(ctx, store, session(request), id)]));
    return defectJson(row as DefectRow);
  });

  app.delete('/defects', async (request) => {
    const store = projectOf(ctx, request);
    const raw = queryParams(request)['ids-to-delete'];
    if (!raw) throw new AlmError(400, 'qccore.general-error', 'Name the defects to delete with ids-to-delete=1,2,3; deleting the whole collection is refused.');
    const ids = [...new Set(raw.split(',').map((s) => entityId(s.trim(), 'defect')))];
    const rows = store.transaction(() => deleteDefects(ctx, store, ids.map((id) => deletableDefect(ctx, store, session(request), id))));
    return { data: rows.map((row) => defectJson(row)), 'total-count': rows.length };
  });
}

/**
 * PUT on the collection without `data`: the seed's rule 2 — the fields apply to every defect the
 * `query` selects, and to every defect when there is no query or it selects nothing.
 */
function updateSelection(ctx: ServerContext, store: ProjectStore, who: AlmSession, body: DefectBody, params: Record<string, string | undefined>) {
  const compiled = compileCollectionRequest({ query: params.query }, CATALOGS.defects, PAGING);
  return store.transaction(() => {
    const changes = validateChanges(store, body, undefined);
    let where = compiled.where;
    let args = compiled.params;
    const selected = store.db.prepare(`SELECT COUNT(*) AS n FROM defects WHERE ${where}`).get(...args) as { n: number };
    if (selected.n === 0) {
      where = '1=1';
      args = [];
    }
    const ids = (store.db.prepare(`SELECT "id" FROM defects WHERE ${where} ORDER BY "id"`).all(...args) as { id: number }[]).map((r) => r.id);
    // Locks are few: check those of other users against the selection rather than each defect.
    const selectedIds = new Set(ids);
    const others = store.db.prepare('SELECT "parent-id" AS id FROM locks WHERE "parent-type" = \'defect\' AND "user" <> ?').all(who.user) as { id: number }[];
    for (const { id } of others) if (selectedIds.has(id)) assertWritable(ctx, store, 'defect', id, who, `update defect ${id}`);
    const sets = Object.keys(changes).map((n) => `"${n}" = ?`);
    sets.push('"ver-stamp" = "ver-stamp" + 1', '"last-modified" = ?');
    store.db.prepare(`UPDATE defects SET ${sets.join(', ')} WHERE ${where}`).run(...Object.values(changes), formatDateTime(ctx.now()), ...args);
    // The update may change what the filter selects, so the returned page is read by id.
    const firstIds = ids.slice(0, PAGING.defaultLimit);
    const page = firstIds.map((id) => store.getDefect(id) as DefectRow);
    return { data: page.map((row) => defectJson(row)), 'total-count': ids.length };
  });
}
