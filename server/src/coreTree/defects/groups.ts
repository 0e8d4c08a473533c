// Core `GET …/defects/groups/{field}` (reference §16.11): the defects matching `query` counted per
// value of one field, in one answer — what the ALM web client's grid groups by. As captured from
// 26.1: `{"subLevel":[{"subLevel":[],"Expression","ReferenceValue","Name","Value","size"}]}`, where
// `Expression` is the value as a query writes it (bare, quoted only where the grammar needs it) and
// `ReferenceValue` the display name of a reference (a release's name beside its id), null otherwise;
// `Accept: application/json;schema=alm-web` gets the array form
// `[{name,value,expression,referenceValue,size,subGroups}]`. Filtering by a group's Expression finds
// exactly its `size` defects ("Filtering by Expression reproduced each size exactly").
// Defects without a value make one group with an empty Value. Memo fields cannot group.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import { projectOf } from '../../params';
import { compileCollectionRequest } from '../../query/index';
import { ReferenceNames, referenceTable } from './convert';
import { coreCollectionParams } from './read';

const DEFECT = CATALOGS.defects;

/** Values the query grammar reads as they are: no blank, operator, bracket, quote or keyword. */
const BARE = /^[\p{L}\p{N}_.@:/+-]+$/u;
const KEYWORDS = /^(and|or|not)$/i;

/** A value as a Core query writes it: bare where the grammar allows, else quoted with `"` and `\` escaped. */
function expression(value: string): string {
  if (BARE.test(value) && !KEYWORDS.test(value)) return value;
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** Whether the client asked for the web client's schema (`application/json;schema=alm-web`). */
function almWeb(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => /;\s*schema\s*=\s*"?alm-web"?/i.test(range));
}

export function registerCoreDefectGroups(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defects/groups/:field', async (request, reply) => {
    const name = (request.params as { field: string }).field;
    const def = DEFECT.field(name);
    if (!def) throw new AlmError(404, 'qccore.invalid-query-value', `Invalid "groups" field, not existing field: "${name}"`);
    if (def.dataType === 'Memo') throw new AlmError(400, 'qccore.general-error', `Cannot group by the memo field "${name}".`);
    const store = projectOf(ctx, request);
    const params = coreCollectionParams(request);
    // Only the filter matters: paging and order do not apply to groups.
    const compiled = compileCollectionRequest({ query: params.query }, DEFECT, PAGING);
    const table = referenceTable(def);
    const names = new ReferenceNames(store);
    const groups = store.groupDefectCounts(compiled, def.column).map(({ value, count }) => {
      const text = value === null ? '' : String(value);
      const referenceValue = table && typeof value === 'number' ? (names.name(table, value) ?? null) : null;
      return { name, value: text, expression: expression(text), referenceValue, size: count };
    });
    if (almWeb(request.headers.accept)) {
      return reply.type('application/json').send(groups.map((g) => ({ name: g.name, value: g.value, expression: g.expression, referenceValue: g.referenceValue, size: g.size, subGroups: [] })));
    }
    return reply.type('application/json').send({
      subLevel: groups.map((g) => ({ subLevel: [], Expression: g.expression, ReferenceValue: g.referenceValue, Name: g.name, Value: g.value, size: g.size })),
    });
  });
}
