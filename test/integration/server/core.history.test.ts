// A defect's history (issue 30, reference §16.8-16.9): every update through either tree (one
// defect, Core bulk, `/api` bulk, an `/api` update of a query's selection) records one UPDATE
// entry per defect naming each changed field with History on, old and new value, user and the
// server's time; fields without History, unchanged values and refused writes record nothing.
// Served as `GET …/defects/{id}/audits` in the PascalCase shape of a live 26.1, JSON and XML.
import assert from 'node:assert/strict';
import { MovableClock, TestClient, openProjectDb, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { formatDateTime } from '../../../server/src/store/time';
import { CORE, JSON_, XML, coreJson, parseXml } from './coreHarness';

interface Property {
  Name: string;
  Label: string;
  OldValue: string;
  NewValue: string;
}
interface Audit {
  Id: number;
  ParentId: number;
  ParentType: string;
  Action: string;
  Time: string;
  User: string;
  Properties?: { Property: Property[] };
}
interface Audits {
  Audits: { Audit: Audit[]; TotalResults: number };
}

describe('server: defect history (audits)', function () {
  let server: RunningServer;
  let alice: TestClient;
  let bob: TestClient;
  const clock = new MovableClock();
  const api = (rest: string) => `/api/domains/DEFAULT/projects/Demo${rest}`;
  const core = (rest: string) => `${CORE}${rest}`;
  const audits = async (id: number, query = ''): Promise<Audits['Audits']> => {
    const res = await alice.get(core(`/defects/${id}/audits${query}`), JSON_);
    assert.equal(res.status, 200, res.text);
    return res.json<Audits>().Audits;
  };
  const changes = (a: Audit) => (a.Properties?.Property ?? []).map((p) => `${p.Name} (${p.Label}): '${p.OldValue}' → '${p.NewValue}'`);
  /** A status of the list other than the defect's current one. */
  const otherStatus = (id: number, not: string[] = []) => ['Open', 'Fixed', 'Reopen', 'Rejected'].find((s) => s !== storedDefect(server.dataDir, id)?.status && !not.includes(s)) as string;
  const auditRows = () => {
    const db = openProjectDb(server.dataDir);
    try {
      return db.prepare('SELECT * FROM audits ORDER BY "id"').all();
    } finally {
      db.close();
    }
  };

  before(async () => {
    server = await startTestServer({ defects: 25, now: clock.now });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    await alice.signIn('alice');
    await bob.signIn('bob');
  });
  after(async () => server.close());

  it('the demo gives a few defects the history their values imply: triage by the detector, then a severity change', async () => {
    const row = storedDefect(server.dataDir, 1) as Record<string, string | null>;
    const { Audit, TotalResults } = await audits(1);
    assert.equal(TotalResults, Audit.length);
    assert.ok(Audit.length >= 1, 'defect 1 has a seeded history');
    assert.equal(Audit[0].User, row['detected-by']);
    assert.equal(Audit[0].Time, `${String(row['creation-time'])} 09:30:00`);
    const last = new Map<string, string>();
    for (const entry of Audit) for (const p of entry.Properties?.Property ?? []) last.set(p.Name, p.NewValue);
    for (const [field, value] of last) assert.equal(value, row[field] ?? '', `the history of ${field} ends at its current value`);
  });

  it('a defect nobody changed has an empty history', async () => {
    assert.deepEqual(await audits(10), { Audit: [], TotalResults: 0 });
  });

  it('a Core PUT records the changed History fields (status, owner), not priority, with user and server time', async () => {
    const before = storedDefect(server.dataDir, 13) as Record<string, string | number | null>;
    const status = otherStatus(13);
    const owner = before.owner === 'carol' ? 'dave' : 'carol';
    const priority = before.priority === '5-Urgent' ? '1-Low' : '5-Urgent';
    clock.advance(60_000);
    const res = await alice.request('PUT', core('/defects/13'), { json: coreJson({ status, owner, priority }) });
    assert.equal(res.status, 200, res.text);
    const { Audit, TotalResults } = await audits(13);
    assert.equal(TotalResults, 1);
    const [entry] = Audit;
    assert.deepEqual(
      { ...entry, Properties: undefined },
      { Id: entry.Id, ParentId: 13, ParentType: 'defect', Action: 'UPDATE', Time: formatDateTime(clock.now()), User: 'alice', Properties: undefined },
    );
    assert.match(entry.Time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(changes(entry), [`owner (Assigned To): '${String(before.owner ?? '')}' → '${owner}'`, `status (Status): '${String(before.status)}' → '${status}'`]);
  });

  it('an /api PUT is recorded too, by its user; a rewrite of the same value or of fields without History records nothing', async () => {
    const before = storedDefect(server.dataDir, 13) as Record<string, string | number | null>;
    const severity = before.severity === '4-Very High' ? '2-Medium' : '4-Very High';
    clock.advance(60_000);
    assert.equal((await bob.put(api('/defects/13'), { severity, 'target-rel': { id: 1001, type: 'release' } })).status, 200);
    assert.equal((await bob.put(api('/defects/13'), { severity, priority: '3-High', description: '<p>new text</p>' })).status, 200);
    const { Audit, TotalResults } = await audits(13);
    assert.equal(TotalResults, 2);
    const last = Audit[1];
    assert.equal(last.User, 'bob');
    assert.deepEqual(changes(last), [
      `severity (Severity): '${String(before.severity)}' → '${severity}'`,
      ...(before['target-rel'] === 1001 ? [] : [`target-rel (Target Release): '${String(before['target-rel'] ?? '')}' → '1001'`]),
    ]);
    assert.ok(Audit[0].Id < last.Id);
  });

  it('a Core bulk PUT records one entry per defect', async () => {
    const [s2, s3] = [otherStatus(14), otherStatus(15)];
    const res = await alice.request('PUT', core('/defects'), {
      json: { entities: [coreJson({ id: '14', status: s2 }), coreJson({ id: '15', status: s3 })] },
      headers: { 'Content-Type': 'application/json;type=collection' },
    });
    assert.equal(res.status, 200, res.text);
    for (const [id, status] of [
      [14, s2],
      [15, s3],
    ] as const) {
      const { Audit } = await audits(id);
      assert.equal(Audit.length, 1, `defect ${id}`);
      assert.equal(Audit[0].ParentId, id);
      assert.match(changes(Audit[0])[0], new RegExp(`^status \\(Status\\): '.*' → '${status}'$`));
    }
  });

  it('an /api bulk PUT and an /api update of a query selection record one entry per defect', async () => {
    const [s4, s5] = [otherStatus(16), otherStatus(17)];
    assert.equal(
      (
        await alice.put(api('/defects'), {
          data: [
            { id: 16, status: s4 },
            { id: 17, status: s5 },
          ],
        })
      ).status,
      200,
    );
    assert.equal((await audits(16)).Audit.length, 1);
    assert.equal((await audits(17)).Audit.length, 1);
    const selection = [18, 19, 20];
    const res = await alice.request('PUT', `${api('/defects')}?query=${encodeURIComponent(`{id[${selection.join(' or ')}]}`)}`, { json: { owner: 'frank' } });
    assert.equal(res.status, 200, res.text);
    for (const id of selection) {
      const { Audit } = await audits(id);
      assert.equal(Audit.length, 1, `defect ${id} was changed by the selection update`);
      assert.match(changes(Audit[0])[0], /^owner \(Assigned To\): '.*' → 'frank'$/);
    }
    assert.equal((await audits(9)).Audit.length, 0, 'a defect outside the selection has no entry');
  });

  it('refused writes (a bad value, a lock by another user, a failing bulk element) record nothing', async () => {
    const before = auditRows();
    assert.equal((await alice.put(api('/defects/11'), { status: 'Dismissed' })).status, 400);
    assert.equal((await bob.request('POST', core('/defects/12/lock'), { headers: JSON_ })).status, 200);
    assert.equal((await alice.request('PUT', core('/defects/12'), { json: coreJson({ status: otherStatus(12) }) })).status, 403);
    const bulk = await alice.put(api('/defects'), {
      data: [
        { id: 11, status: otherStatus(11) },
        { id: 12, status: 'Open' },
      ],
    });
    assert.equal(bulk.status, 403, 'the /api bulk update is one transaction: the locked element fails it whole');
    assert.deepEqual(auditRows(), before);
  });

  it('the XML form carries the same tree as elements', async () => {
    const res = await alice.get(core('/defects/13/audits'), XML);
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-type') ?? '', /xml/);
    const root = parseXml(res.text).Audits as Record<string, unknown>;
    assert.equal(root.TotalResults, '2');
    const list = root.Audit as Record<string, unknown>[];
    assert.equal(list.length, 2);
    assert.equal(list[0].User, 'alice');
    assert.equal(list[0].ParentType, 'defect');
    const props = (list[0].Properties as { Property: Record<string, string>[] }).Property;
    assert.deepEqual(
      props.map((p) => p.Name),
      ['owner', 'status'],
    );
    assert.equal(props[1].Label, 'Status');
  });

  it('pages and orders like a Core collection: page-size, start-index and order-by={id[DESC]}', async () => {
    const all = await audits(13);
    const newest = await audits(13, `?page-size=1&order-by=${encodeURIComponent('{id[DESC]}')}`);
    assert.equal(newest.TotalResults, 2);
    assert.deepEqual(newest.Audit, [all.Audit[1]]);
    const second = await audits(13, '?page-size=1&start-index=2');
    assert.deepEqual(second.Audit, [all.Audit[1]]);
  });

  it('a missing defect is a 404; the /api tree has no audits; metadata says which fields keep history', async () => {
    const missing = await alice.get(core('/defects/999999/audits'), JSON_);
    assert.equal(missing.status, 404);
    assert.equal(missing.json<{ Id: string }>().Id, 'qccore.entity-not-found');
    assert.equal((await alice.get(api('/defects/1/audits'))).status, 404);
    // PascalCase keys as 12.x servers write them, camelCase as a live 26.1 does (reference §16.8).
    type Field = { name?: string; Name?: string; history?: boolean; History?: boolean };
    const fields = (await alice.get(core('/customization/entities/defect/fields'), JSON_)).json<{ Fields: { Field: Field[] } }>().Fields.Field;
    const history = fields.filter((f) => f.history ?? f.History).map((f) => f.name ?? f.Name);
    assert.deepEqual(history.sort(), ['detected-in-rcyc', 'detected-in-rel', 'environment', 'owner', 'severity', 'status', 'target-rcyc', 'target-rel']);
  });

  it('deleting a defect deletes its history', async () => {
    assert.ok((await audits(14)).Audit.length > 0);
    assert.equal((await alice.request('DELETE', core('/defects/14'), { headers: JSON_ })).status, 200);
    assert.equal((auditRows() as { 'parent-id': number }[]).filter((r) => r['parent-id'] === 14).length, 0);
  });
});
