// A hostile or broken server's links (issue 38): 60,000 links each way, answered whatever page size
// was asked (from the start index asked), used to be merged by searching one list for every link of the other (30 s on the
// extension host's thread) and named in one query listing every id. Now the read is bounded, the
// merge is one pass, and the naming queries hold at most ID_BATCH ids each. The server here is
// a fake transport answering Core JSON (reference §16.10 record fields).
import { strict as assert } from 'node:assert';
import { ID_BATCH } from '../../../src/api/byIds';
import { LINKS_READ_LIMIT, LinksResource } from '../../../src/api/links';
import type { ProjectContext } from '../../../src/api/projectContext';

const HOSTILE = 60_000;
const SELF = 1;

const entity = (fields: Record<string, string | number>) => ({ Type: 'x', Fields: Object.entries(fields).map(([Name, v]) => ({ Name, values: [{ value: String(v) }] })) });

/** A server that answers every links query with HOSTILE records, and names any defect asked. */
function hostileContext(): { ctx: ProjectContext; namingIds: number[][] } {
  const namingIds: number[][] = [];
  const made = {
    entities: Array.from({ length: HOSTILE }, (_, i) =>
      entity({ id: i + 1, 'first-endpoint-id': SELF, 'second-endpoint-id': 10 + i, 'second-endpoint-type': 'defect', 'second-endpoint-name': `made ${i}` }),
    ),
    TotalResults: HOSTILE,
  };
  const received = {
    entities: Array.from({ length: HOSTILE }, (_, i) => entity({ id: HOSTILE + i + 1, 'first-endpoint-id': 100_000 + i, 'second-endpoint-id': SELF, 'second-endpoint-type': 'defect' })),
    TotalResults: HOSTILE,
  };
  const transport = {
    json: async (req: { path: string; params?: [string, string][] }) => {
      const query = req.params?.find(([k]) => k === 'query')?.[1] ?? '';
      if (req.path.endsWith('/defect-links')) {
        // It honours start-index but not page-size: everything from there on comes back.
        const start = Number(req.params?.find(([k]) => k === 'start-index')?.[1] ?? 1);
        const all = query.includes('first-endpoint-id') ? made : received;
        return { body: { entities: all.entities.slice(start - 1), TotalResults: all.TotalResults } };
      }
      const ids = [...query.matchAll(/\d+/g)].map((m) => Number(m[0]));
      namingIds.push(ids);
      return { body: { entities: ids.map((id) => entity({ id, name: `defect ${id}`, status: 'Open' })), TotalResults: ids.length } };
    },
  };
  const ctx = { transport, scope: { domain: 'D', project: 'P' }, dialect: async () => ({ tree: 'api' }) } as unknown as ProjectContext;
  return { ctx, namingIds };
}

describe('api/links: a hostile server answering 60,000 links each way', function () {
  // Building and reading 120,000 records on a loaded machine; the old merge alone took 30 s.
  this.timeout(20_000);

  it('reads at most the bound each way, merges them once each and names them in small batches', async () => {
    const { ctx, namingIds } = hostileContext();
    const links = await new LinksResource(ctx).of(SELF);
    assert.equal(links.length, 2 * LINKS_READ_LIMIT);
    assert.equal(new Set(links.map((l) => l.id)).size, links.length, 'each link once');
    assert.ok(namingIds.length > 0 && namingIds.every((ids) => ids.length <= ID_BATCH), `naming queries of ${Math.max(...namingIds.map((ids) => ids.length))} ids`);
    const received = links.filter((l) => l.direction === 'to');
    assert.equal(received.length, LINKS_READ_LIMIT);
    assert.ok(received.every((l) => l.otherName === `defect ${l.otherId}`));
  });

  it('lists without naming, with the total the server holds', async () => {
    const { ctx, namingIds } = hostileContext();
    const { links, total } = await new LinksResource(ctx).list(SELF);
    assert.equal(total, 2 * HOSTILE);
    assert.equal(links.length, 2 * LINKS_READ_LIMIT);
    assert.equal(namingIds.length, 0);
  });
});
