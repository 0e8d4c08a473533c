// list-items: hierarchy, logical identifiers, total-count, paging and fields; writes are refused
// and change nothing.
import assert from 'node:assert/strict';
import { openProjectDb, startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';

interface ListItem {
  type: string;
  id: number;
  'logical-identifier': string;
  name: string;
  parent: { id: number; type: string };
}

describe('server: list-items', function () {
  let server: RunningServer;
  let client: TestClient;
  let items: ListItem[];
  let total: number;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 5 }));
    const res = await client.get(`${client.projectPath()}/list-items?limit=max`);
    assert.equal(res.status, 200);
    ({ data: items, 'total-count': total } = res.json<{ data: ListItem[]; 'total-count': number }>());
  });
  after(async () => server.close());

  it('returns every item with total-count equal to the stored count', () => {
    const db = openProjectDb(server.dataDir);
    try {
      assert.equal(total, db.prepare('SELECT COUNT(*) FROM list_items').pluck().get());
    } finally {
      db.close();
    }
    assert.equal(items.length, total);
    for (const item of items) {
      assert.equal(item.type, 'list-item');
      assert.equal(item.parent.type, 'list-item');
    }
  });

  it('holds the seed lists as top-level items (parent id 0) with their values as children', () => {
    const tops = items.filter((i) => i.parent.id === 0).map((i) => i.id);
    for (const id of [1, 2, 35, 222, 260, 266, 287]) assert.ok(tops.includes(id), `list ${id}`);
    const status = items.filter((i) => i.parent.id === 222).map((i) => i.name);
    for (const v of ['New', 'Open', 'Fixed', 'Closed', 'Rejected', 'Reopen']) assert.ok(status.includes(v), v);
  });

  it('children follow their parent and extend its logical identifier; the subject list is a tree', () => {
    const index = new Map(items.map((i, k) => [i.id, k]));
    const byId = new Map(items.map((i) => [i.id, i]));
    for (const item of items) {
      if (item.parent.id === 0) continue;
      const parent = byId.get(item.parent.id);
      assert.ok(parent, `parent of ${item.id}`);
      assert.ok((index.get(item.id) ?? 0) > (index.get(parent.id) ?? 0), 'child after parent');
      assert.ok(item['logical-identifier'].startsWith(`${parent['logical-identifier']}.`), item['logical-identifier']);
    }
    const subjectChildren = items.filter((i) => i.parent.id === 2);
    assert.ok(
      subjectChildren.some((c) => items.some((g) => g.parent.id === c.id)),
      'nested subject folders',
    );
  });

  it('pages with limit/offset, keeps total-count, and honours fields and query', async () => {
    const page = await client.get(`${client.projectPath()}/list-items?limit=3&offset=2`);
    const body = page.json<{ data: ListItem[]; 'total-count': number }>();
    assert.deepEqual(
      body.data.map((i) => i.id),
      items.slice(2, 5).map((i) => i.id),
    );
    assert.equal(body['total-count'], total);
    const few = await client.get(`${client.projectPath()}/list-items?fields=name&query={parent-id[222]}`);
    const fb = few.json<{ data: Record<string, unknown>[]; 'total-count': number }>();
    assert.equal(fb['total-count'], items.filter((i) => i.parent.id === 222).length);
    assert.deepEqual(Object.keys(fb.data[0] ?? {}).sort(), ['id', 'name', 'type']);
    const one = await client.get(`${client.projectPath()}/list-items/222`);
    assert.equal(one.json<ListItem>().name, items.find((i) => i.id === 222)?.name);
    assert.equal((await client.get(`${client.projectPath()}/list-items/999999`)).status, 404);
  });

  it('writes are refused with 405 qccore.operation-forbidden and change nothing', async () => {
    const db = openProjectDb(server.dataDir);
    const snapshot = () => JSON.stringify(db.prepare('SELECT * FROM list_items ORDER BY "id"').all());
    try {
      const before = snapshot();
      const attempts = [
        client.post(`${client.projectPath()}/list-items`, { data: [{ name: 'X', parent: { id: 222, type: 'list-item' } }] }),
        client.put(`${client.projectPath()}/list-items/222`, { name: 'Renamed' }),
        client.delete(`${client.projectPath()}/list-items/222`),
      ];
      for (const res of await Promise.all(attempts)) {
        assert.equal(res.status, 405);
        assert.equal(res.json<{ Id: string }>().Id, 'qccore.operation-forbidden');
        assert.match(res.json<{ Title: string }>().Title, /read-only/);
      }
      assert.equal(snapshot(), before);
    } finally {
      db.close();
    }
  });
});
