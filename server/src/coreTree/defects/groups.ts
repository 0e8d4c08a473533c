// Core `GET …/defects/groups/{field}` (reference §16.11): the defects matching `query` counted per
// value of one field, in one answer — what the ALM web client's grid groups by. The answer is
// 26.1's captured JSON shape, `{"subLevel":[{"subLevel":[],"Expression","ReferenceValue","Name",
// "Value","size"}]}` (the alm-web schema's array form is not served: this server speaks no alm-web).
// ReferenceValue (a reference's display name) is null: the client names values itself. Filtering by a group's Expression finds
// exactly its `size` defects (reference: "Filtering by Expression reproduced each size exactly").
// Defects without a value make one group with an empty Value. Memo fields cannot group.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import { projectOf } from '../../params';
import { compileCollectionRequest } from '../../query/index';
import { coreCollectionParams } from './read';

const DEFECT = CATALOGS.defects;

/** A value as it stands in a Core query: quoted, with `"` and `\` escaped. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
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
    const groups = store.groupDefectCounts(compiled, def.column).map(({ value, count }) => {
      const text = value === null ? '' : String(value);
      return { name, value: text, expression: `{${name}[${quoted(text)}]}`, size: count };
    });
    return reply.type('application/json').send({
      subLevel: groups.map((g) => ({ subLevel: [], Expression: g.expression, ReferenceValue: null, Name: g.name, Value: g.value, size: g.size })),
    });
  });
}
