// Writing defects over HTTP: PUT changes only the sent fields, bumps ver-stamp and last-modified;
// every kind of bad input is refused with the ALM error and leaves the stored row untouched.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TestClient, openProjectDb, startSignedIn, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';

type Defect = Record<string, unknown> & { id: number };
interface AlmErrorBody {
  Id: string;
  Title: string;
  ExceptionProperties: { Name: string; Value: unknown }[] | null;
  StackTrace: null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

describe('server: updating defects', function () {
  let server: RunningServer;
  let client: TestClient;
  const path = (rest = '') => `${client.projectPath()}/defects${rest}`;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 40 }));
  });
  after(async () => server.close());

  it('PUT changes only the sent fields, increments ver-stamp, refreshes last-modified, returns the full instance', async () => {
    const before = storedDefect(server.dataDir, 5) as Record<string, unknown>;
    const started = stamp(new Date(Date.now() - 1000));
    const res = await client.put(path('/5'), { status: before.status === 'Fixed' ? 'Open' : 'Fixed', 'dev-comments': '<html><body><p>looked at it</p></body></html>', 'user-02': ['Linux', 'iOS'] });
    assert.equal(res.status, 200);
    const body = res.json<Defect>();
    const after = storedDefect(server.dataDir, 5) as Record<string, unknown>;
    assert.equal(after['ver-stamp'], Number(before['ver-stamp']) + 1);
    assert.ok(String(after['last-modified']) >= started, `${String(after['last-modified'])} >= ${started}`);
    assert.equal(after['dev-comments'], '<html><body><p>looked at it</p></body></html>');
    assert.equal(after['user-02'], '["Linux","iOS"]');
    for (const key of Object.keys(before)) {
      if (['status', 'dev-comments', 'user-02', 'ver-stamp', 'last-modified'].includes(key)) continue;
      assert.deepEqual(after[key], before[key], `${key} unchanged`);
    }
    // The answer is the whole stored instance.
    assert.equal(body['ver-stamp'], after['ver-stamp']);
    assert.equal(body.name, after.name);
    assert.deepEqual(body['user-02'], ['Linux', 'iOS']);
    assert.ok('severity' in body && 'description' in body && 'has-linkage' in body);
  });

  it('accepts type and a matching id in the body, a boolean has-linkage and a release reference', async () => {
    const res = await client.put(path('/6'), { type: 'defect', id: 6, 'has-linkage': false, 'detected-in-rel': { id: 1001, type: 'release' }, 'estimated-fix-time': '12' });
    assert.equal(res.status, 200, res.text);
    const row = storedDefect(server.dataDir, 6) as Record<string, unknown>;
    assert.equal(row['has-linkage'], 'N');
    assert.equal(row['detected-in-rel'], 1001);
    assert.equal(row['estimated-fix-time'], 12);
    assert.deepEqual(res.json<Defect>()['detected-in-rel'], { id: 1001, type: 'release' });
  });

  const badInputs: { what: string; body: unknown; raw?: string; contentType?: string; status: number; id: string; title: RegExp }[] = [
    { what: 'malformed JSON', body: undefined, raw: '{"status": "Fixed",', status: 400, id: 'qccore.general-error', title: /Malformed JSON/ },
    { what: 'a JSON array body', body: [{ status: 'Fixed' }], status: 400, id: 'qccore.general-error', title: /JSON object/ },
    { what: 'an unsupported content type', body: undefined, raw: '<b>x</b>', contentType: 'text/html', status: 415, id: 'qccore.general-error', title: /Content-Type/ },
    { what: 'an unknown field', body: { bogus: 1 }, status: 400, id: 'qccore.unknown-field-name', title: /'bogus'/ },
    { what: 'an over-long name', body: { name: 'x'.repeat(256) }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /maximum length is 255/ },
    { what: 'an over-long user string', body: { 'user-03': 'y'.repeat(41) }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /maximum length is 40/ },
    { what: 'a value not in the list', body: { status: 'Dismissed' }, status: 400, id: 'qccore.invalid-list-field-value', title: /'Dismissed'.*status/ },
    { what: 'a multi value not in the list', body: { 'user-02': ['Linux', 'Plan 9'] }, status: 400, id: 'qccore.invalid-list-field-value', title: /'Plan 9'/ },
    { what: 'an impossible date', body: { 'closing-date': '2024-02-30' }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /YYYY-MM-DD/ },
    { what: 'a date in another format', body: { 'closing-date': '31/12/2024' }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /YYYY-MM-DD/ },
    { what: 'a non-integer', body: { 'estimated-fix-time': 'soon' }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /integer/ },
    { what: 'too many digits', body: { 'estimated-fix-time': 123456 }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /more than 5 digits/ },
    { what: 'a non-number float', body: { 'user-04': '1,5' }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /number/ },
    { what: 'a user not in the project', body: { owner: 'mallory' }, status: 400, id: 'qccore.invalid-list-field-value', title: /mallory/ },
    { what: 'a release that does not exist', body: { 'target-rel': { id: 999, type: 'release' } }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /release 999/ },
    { what: 'a reference of the wrong type', body: { 'target-rel': { id: 1001, type: 'defect' } }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /release/ },
    { what: 'a string where a number is due', body: { status: 7 }, status: 400, id: 'qccore.invalid-value-type-for-field', title: /string/ },
    { what: 'emptying a required field', body: { name: null }, status: 400, id: 'qccore.required-field-missing', title: /'name'/ },
    { what: 'emptying required severity', body: { severity: '' }, status: 400, id: 'qccore.required-field-missing', title: /'severity'/ },
    { what: 'writing ver-stamp', body: { 'ver-stamp': 99 }, status: 403, id: 'qccore.operation-forbidden', title: /ver-stamp.*read-only/ },
    { what: 'writing last-modified', body: { 'last-modified': '2020-01-01 00:00:00' }, status: 403, id: 'qccore.operation-forbidden', title: /last-modified.*read-only/ },
    { what: 'another id', body: { id: 8 }, status: 403, id: 'qccore.operation-forbidden', title: /'id' is read-only/ },
    { what: 'another entity type', body: { type: 'test' }, status: 400, id: 'qccore.general-error', title: /'defect'/ },
    { what: 'a good field beside a bad one', body: { status: 'Closed', priority: '9-Never' }, status: 400, id: 'qccore.invalid-list-field-value', title: /9-Never/ },
  ];

  for (const bad of badInputs) {
    it(`PUT with ${bad.what} → ${bad.status} ${bad.id}, nothing stored`, async () => {
      const before = storedDefect(server.dataDir, 7);
      const res = await client.request('PUT', path('/7'), {
        json: bad.body,
        body: bad.raw,
        headers: bad.raw !== undefined ? { 'Content-Type': bad.contentType ?? 'application/json' } : undefined,
      });
      assert.equal(res.status, bad.status, res.text);
      const err = res.json<AlmErrorBody>();
      assert.equal(err.Id, bad.id);
      assert.match(err.Title, bad.title);
      assert.equal(err.StackTrace, null);
      assert.deepEqual(storedDefect(server.dataDir, 7), before);
    });
  }

  it('PUT of a missing defect → 404 and creates nothing', async () => {
    const res = await client.put(path('/99999'), { status: 'Open' });
    assert.equal(res.status, 404);
    assert.equal(res.json<AlmErrorBody>().Id, 'qccore.entity-not-found');
    assert.equal(storedDefect(server.dataDir, 99999), undefined);
  });

  it('multi-instance PUT updates all elements in one go, or none when one fails', async () => {
    const b1 = storedDefect(server.dataDir, 11) as Record<string, unknown>;
    const b2 = storedDefect(server.dataDir, 12) as Record<string, unknown>;
    const bad = await client.put(path(), {
      data: [
        { type: 'defect', id: 11, 'user-03': 'multi' },
        { type: 'defect', id: 12, severity: 'Huge' },
      ],
    });
    assert.equal(bad.status, 400);
    assert.match(bad.json<AlmErrorBody>().Title, /^data\[1\]: .*Huge/);
    assert.deepEqual(storedDefect(server.dataDir, 11), b1);
    assert.deepEqual(storedDefect(server.dataDir, 12), b2);
    const missingId = await client.put(path(), { data: [{ type: 'defect', 'user-03': 'no id' }] });
    assert.equal(missingId.status, 400);
    assert.match(missingId.json<AlmErrorBody>().Title, /"id"/);
    const ok = await client.put(path(), {
      data: [
        { type: 'defect', id: 11, 'user-03': 'multi' },
        { type: 'defect', id: 12, 'user-03': 'multi' },
      ],
    });
    assert.equal(ok.status, 200);
    assert.deepEqual(
      ok.json<{ data: Defect[] }>().data.map((d) => [d.id, d['user-03']]),
      [
        [11, 'multi'],
        [12, 'multi'],
      ],
    );
    assert.equal(storedDefect(server.dataDir, 11)?.['ver-stamp'], Number(b1['ver-stamp']) + 1);
    assert.equal(storedDefect(server.dataDir, 12)?.['user-03'], 'multi');
  });

  it('PUT on the collection without data updates the query selection, or every defect when it selects nothing', async () => {
    const pg = (q = '') => `${client.projectPath('DEFAULT', 'Playground')}/defects${q}`;
    const db = openProjectDb(server.dataDir, 'DEFAULT', 'Playground');
    try {
      const stamps = () => db.prepare('SELECT "id", "ver-stamp" AS v, "user-03" AS u FROM defects ORDER BY "id"').all() as { id: number; v: number; u: string | null }[];
      const before = stamps();
      const some = await client.put(pg(`?query=${encodeURIComponent('{id[1 or 2]}')}`), { 'user-03': 'picked' });
      assert.equal(some.status, 200);
      assert.equal(some.json<{ 'total-count': number }>()['total-count'], 2);
      const mid = stamps();
      assert.deepEqual(
        mid.filter((r) => r.u === 'picked').map((r) => r.id),
        [1, 2],
      );
      assert.deepEqual(
        mid.filter((r) => r.id > 2),
        before.filter((r) => r.id > 2),
      );
      // The seed's rule: an empty selection is no selection, and every instance is updated.
      const all = await client.put(pg(`?query=${encodeURIComponent('{id[99999]}')}`), { 'user-03': 'everyone' });
      assert.equal(all.status, 200);
      const after = stamps();
      assert.equal(after.length, 30);
      assert.ok(after.every((r) => r.u === 'everyone'));
      assert.ok(after.every((r, i) => r.v === (mid[i] as { v: number }).v + 1));
    } finally {
      db.close();
    }
  });
});

describe('server: creating and deleting defects', function () {
  let server: RunningServer;
  let client: TestClient;
  const path = (rest = '') => `${client.projectPath()}/defects${rest}`;
  const count = () => {
    const db = openProjectDb(server.dataDir);
    try {
      return db.prepare('SELECT COUNT(*) FROM defects').pluck().get() as number;
    } finally {
      db.close();
    }
  };
  before(async () => {
    server = await startTestServer({ defects: 10 });
    client = new TestClient(server.baseUrl);
    await client.signIn('bob');
  });
  after(async () => server.close());

  it('POST {data:[…]} → 201, Location of the new defect, defaults filled in', async () => {
    const res = await client.post(path(), { data: [{ type: 'defect', name: 'Created by a test', severity: '3-High', 'detected-by': 'bob', description: '<html><body><p>x</p></body></html>' }] });
    assert.equal(res.status, 201, res.text);
    const d = res.json<Defect>();
    assert.equal(res.headers.get('location'), `${server.baseUrl}${path(`/${d.id}`)}`);
    const today = stamp(new Date()).slice(0, 10);
    assert.equal(d['ver-stamp'], 1);
    assert.equal(d.status, 'New');
    assert.equal(d['creation-time'], today);
    assert.equal(d.owner, null);
    const row = storedDefect(server.dataDir, d.id) as Record<string, unknown>;
    assert.equal(row.name, 'Created by a test');
    assert.equal(row['detected-by'], 'bob');
    assert.equal((await client.get(path(`/${d.id}`))).json<Defect>().name, 'Created by a test');
  });

  it('POST without a required field, with an id, or with one bad element of several → error and nothing inserted', async () => {
    const n = count();
    const missing = await client.post(path(), { data: [{ name: 'No severity', 'detected-by': 'bob' }] });
    assert.equal(missing.status, 400);
    assert.equal(missing.json<AlmErrorBody>().Id, 'qccore.required-field-missing');
    assert.match(missing.json<AlmErrorBody>().Title, /severity/);
    const withId = await client.post(path(), { data: [{ id: 5000, name: 'x', severity: '1-Low', 'detected-by': 'bob' }] });
    assert.equal(withId.status, 403);
    const mixed = await client.post(path(), {
      data: [
        { name: 'good', severity: '1-Low', 'detected-by': 'bob' },
        { name: 'bad', severity: '1-Low', 'detected-by': 'nobody' },
      ],
    });
    assert.equal(mixed.status, 400);
    assert.match(mixed.json<AlmErrorBody>().Title, /^data\[1\]:.*nobody/);
    const empty = await client.post(path(), { data: [] });
    assert.equal(empty.status, 400);
    assert.equal(count(), n);
  });

  it('DELETE → 200 with the deleted instance; then 404; a missing id → 404', async () => {
    const before = (await client.get(path('/3'))).json<Defect>();
    const res = await client.delete(path('/3'));
    assert.equal(res.status, 200);
    assert.deepEqual(res.json<Defect>(), before);
    assert.equal(storedDefect(server.dataDir, 3), undefined);
    assert.equal((await client.get(path('/3'))).status, 404);
    const again = await client.delete(path('/3'));
    assert.equal(again.status, 404);
    assert.equal(again.json<AlmErrorBody>().Id, 'qccore.entity-not-found');
  });

  it("DELETE also removes the defect's attachments (records and files) and its locks", async () => {
    const db = openProjectDb(server.dataDir);
    let target: { id: number } | undefined;
    let files: number[] = [];
    try {
      target = db.prepare('SELECT "parent-id" AS id FROM attachments WHERE "parent-type" = \'defect\' AND "parent-id" > 5 LIMIT 1').get() as { id: number } | undefined;
      assert.ok(target, 'the demo has a defect with attachments');
      files = db.prepare('SELECT "id" FROM attachments WHERE "parent-type" = \'defect\' AND "parent-id" = ?').pluck().all(target.id) as number[];
    } finally {
      db.close();
    }
    const dir = join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'attachments');
    for (const id of files) assert.ok(existsSync(join(dir, String(id))));
    assert.equal((await client.post(`${client.projectPath()}/locks`, { data: [{ entity: { id: target.id, type: 'defect' } }] })).status, 201);
    assert.equal((await client.delete(path(`/${target.id}`))).status, 200);
    const after = openProjectDb(server.dataDir);
    try {
      assert.equal(after.prepare('SELECT COUNT(*) FROM attachments WHERE "parent-id" = ?').pluck().get(target.id), 0);
      assert.equal(after.prepare('SELECT COUNT(*) FROM locks WHERE "parent-id" = ?').pluck().get(target.id), 0);
    } finally {
      after.close();
    }
    for (const id of files) assert.equal(existsSync(join(dir, String(id))), false);
  });

  it('DELETE with ids-to-delete removes exactly those; without it the collection is not wiped', async () => {
    const n = count();
    const refused = await client.delete(path());
    assert.equal(refused.status, 400);
    assert.equal(count(), n);
    const missing = await client.delete(path('?ids-to-delete=4,99999'));
    assert.equal(missing.status, 404);
    assert.ok(storedDefect(server.dataDir, 4), 'all-or-nothing: 4 survives');
    const res = await client.delete(path('?ids-to-delete=4,5'));
    assert.equal(res.status, 200);
    assert.equal(count(), n - 2);
    assert.equal(storedDefect(server.dataDir, 5), undefined);
  });
});
