// Core `GET …/defects/{id}/audits`: a defect's history in the shape a live 26.1 answered
// (reference §16.9), PascalCase with `TotalResults` inside `Audits`:
//   JSON {"Audits":{"Audit":[{"Id","ParentId","ParentType","Action","Time","User","Properties":{"Property":[{"Name","Label","OldValue","NewValue"}]}}],"TotalResults":n}}
//   XML  <Audits><Audit><Id>…</Id>…<Properties><Property><Name>…</Name>…</Property></Properties></Audit><TotalResults>n</TotalResults></Audits>
// Lists are always lists here (the live server collapsed singletons into objects; clients read both).
// The XML form is the same tree as elements: no live XML answer was recorded. Paging follows the
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

function auditTree(entries: readonly AuditEntry[], total: number): Record<string, unknown> {
  return {
    Audits: {
      Audit: entries.map((e) => ({
        Id: e.id,
        ParentId: e.parentId,
        ParentType: e.parentType,
        Action: e.action,
        Time: e.time,
        User: e.user,
        ...(e.properties.length > 0 && { Properties: { Property: e.properties.map((p) => ({ Name: p.name, Label: p.label, OldValue: p.oldValue, NewValue: p.newValue })) } }),
      })),
      TotalResults: total,
    },
  };
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
    const tree = auditTree(audits.page('defect', id, compiled), audits.count('defect', id, compiled));
    if (coreFormat(request) === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(tree));
    return reply.type('application/xml; charset=utf-8').send(xmlDocument(tree));
  });
}
