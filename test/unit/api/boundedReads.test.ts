// A defect's history and links are read with the one paging walk (paging.ts readUpTo, issue 39):
// a server that stops answering short of the total it announced is an error, as it is for every
// other list, not a complete-looking part. Before, both had loops of their own that stopped quietly.
import { strict as assert } from 'node:assert';
import { ServerError } from '../../../src/api/errors';
import { HistoryResource } from '../../../src/api/history';
import { LinksResource } from '../../../src/api/links';
import type { ProjectContext } from '../../../src/api/projectContext';

const entity = (fields: Record<string, string | number>) => ({ Type: 'x', Fields: Object.entries(fields).map(([Name, v]) => ({ Name, values: [{ value: String(v) }] })) });
const param = (params: [string, string][] | undefined, name: string) => params?.find(([k]) => k === name)?.[1];

/** A Core server announcing `total` records of each kind but answering only the first `served`. */
function stoppingServer(total: number, served: number): ProjectContext {
  const transport = {
    json: async (req: { path: string; params?: [string, string][] }) => {
      const start = Number(param(req.params, 'start-index') ?? 1) - 1;
      const size = Number(param(req.params, 'page-size') ?? total);
      const ids = Array.from({ length: Math.max(0, Math.min(served, start + size) - start) }, (_, i) => start + i + 1);
      if (req.path.endsWith('/audits')) {
        return { body: { Audits: { TotalResults: total, Audit: ids.map((id) => ({ Id: id, Time: `2026-01-01 00:00:${String(id % 60).padStart(2, '0')}`, User: 'alice', Action: 'UPDATE' })) } } };
      }
      return { body: { entities: ids.map((id) => entity({ id, 'first-endpoint-id': 1, 'second-endpoint-id': 100 + id, 'second-endpoint-type': 'defect' })), TotalResults: total } };
    },
  };
  return { transport, scope: { domain: 'D', project: 'P' }, dialect: async () => ({ tree: 'api' }) } as unknown as ProjectContext;
}

describe('api: bounded reads walk as every list does', () => {
  it('history: every entry when the server answers all it announced', async () => {
    const history = await new HistoryResource(stoppingServer(5, 5)).of(3);
    assert.ok(history.available);
    assert.equal(history.entries.length, 5);
    assert.equal(history.total, 5);
  });

  it('history: a server stopping short of its total is an error, not a shorter history', async () => {
    await assert.rejects(new HistoryResource(stoppingServer(5, 2)).of(3, { limit: 2000 }), (e: unknown) => e instanceof ServerError && /stopped returning items at 2 of 5/.test(e.message));
  });

  it('links: a server stopping short of its total is an error, not fewer links', async () => {
    await assert.rejects(new LinksResource(stoppingServer(7, 3)).list(1), (e: unknown) => e instanceof ServerError && /stopped returning items at 3 of 7/.test(e.message));
  });
});
