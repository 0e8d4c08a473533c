// Core `GET …/defects/{id}/audits`: a defect's history in the shape a live 26.1 answered
// (reference §16.9), PascalCase with `TotalResults` inside `Audits`:
//   JSON {"Audits":{"Audit":[{"Id","ParentId","ParentType","Action","Time","User","Properties":{"Property":[{"Name","Label","OldValue","NewValue"}]}}],"TotalResults":n}}
//   XML  <Audits><Audit><Id>…</Id>…<Properties><Property><Name>…</Name>…</Property></Properties></Audit><TotalResults>n</TotalResults></Audits>
// On 26.1 (`--alm 26.1`) the JSON is as captured: a lone `Audit` or `Property` is a bare object,
// not a one-element list, `Properties` is absent from an entry without changes, and a defect without
// history answers `Audits` with no `Audit` at all (§16.9); older profiles keep lists. The XML form is the same tree as elements: no live XML answer was recorded. Paging follows the
// Core collections (`page-size`, `start-index`, `order-by` over id, time, user, action); without
// `page-size` every entry up to the maximum page is returned, oldest first.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { entityId, projectOf } from '../../params';
import { compileCollectionRequest } from '../../query/index';
import type { QueryCatalog, QueryField } from '../../query/index';
import { defectNotFound } from '../../rules/defects';
import { AuditStore } from '../../store/audits';
import type { AuditEntry } from '../../store/audits';
import { xmlDocument } from '../../xml';
import { coreCollectionParams } from '../defects/read';
import { coreFormat } from '../wire/negotiate';

const AUDIT_FIELDS: Record<string, QueryField> = {
  id: { name: 'id', column: '"id"', kind: 'integer' },
  time: { name: 'time', column: '"time"', kind: 'datetime' },
  user: { name: 'user', column: '"user"', kind: 'string' },
  action: { name: 'action', column: '"action"', kind: 'string' },
};

const AUDIT_CATALOG: QueryCatalog = { always: ['id'], field: (name) => (Object.prototype.hasOwnProperty.call(AUDIT_FIELDS, name) ? AUDIT_FIELDS[name] : undefined) };

/** A list as the 26.1 JSON mapping writes it: absent when empty, a bare object when alone (§16.9). */
function collapsed<T>(list: readonly T[]): T | readonly T[] | undefined {
  return list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
}

function auditTree(entries: readonly AuditEntry[], total: number, collapse: boolean): Record<string, unknown> {
  const list = <T>(items: readonly T[]) => (collapse ? collapsed(items) : items);
  const audits = entries.map((e) => ({
    Id: e.id,
    ParentId: e.parentId,
    ParentType: e.parentType,
    Action: e.action,
    Time: e.time,
    User: e.user,
    ...(e.properties.length > 0 && { Properties: { Property: list(e.properties.map((p) => ({ Name: p.name, Label: p.label, OldValue: p.oldValue, NewValue: p.newValue }))) } }),
  }));
  const Audit = list(audits);
  return { Audits: { ...(Audit !== undefined && { Audit }), TotalResults: total } };
}

export function registerCoreHistory(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defects/:id/audits', async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    if (store.defectVerStamp(id) === undefined) throw defectNotFound(id);
    const params = coreCollectionParams(request);
    const compiled = compileCollectionRequest(
      { query: params.query, 'order-by': params['order-by'], 'page-size': params['page-size'] ?? 'max', 'start-index': params['start-index'] },
      AUDIT_CATALOG,
      PAGING,
    );
    const audits = new AuditStore(store);
    const tree = auditTree(audits.page('defect', id, compiled), audits.count('defect', id, compiled), ctx.options.profile.coreJson === 'live-26.1');
    if (coreFormat(request) === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(tree));
    return reply.type('application/xml; charset=utf-8').send(xmlDocument(tree));
  });
}
