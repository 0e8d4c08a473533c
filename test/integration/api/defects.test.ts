import { strict as assert } from 'node:assert';
import { LockedByOtherError, NotFoundError, SelectionGuardError, ValidationError, anyOf, ge, validateEdits } from '../../../src/api/index';
import type { AlmClient, Defect, ProjectApi } from '../../../src/api/index';
import { clientFor, collect, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

describe('api integration: defects, lists and metadata', () => {
  let server: TestServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let p: ProjectApi;
  const created: Defect[] = [];

  before(async () => {
    server = await startApiTestServer();
    alice = clientFor(server.baseUrl).client;
    bob = clientFor(server.baseUrl, 'bob').client;
    p = alice.project('DEFAULT', 'Playground');
    for (let i = 0; i < 23; i++) created.push(await createDefect(p, `walk ${String(i).padStart(2, '0')}`));
  });
  after(async () => {
    await alice.dispose();
    await bob.dispose();
    await server.close();
  });

  it('reads list-items as a tree indexed by list id', async () => {
    const lists = await p.listItems();
    assert.equal(lists.byListId(222)?.parentId, 0);
    assert.ok(lists.valuesOf(222).includes('New'));
    assert.ok(lists.valuesOf(287).length >= 3);
    assert.equal(await p.listItems(), lists, 'cached per project');
    assert.notEqual(await p.listItems({ refresh: true }), lists);
  });

  it('parses field metadata from the raw text: label, data type with source, rules', async () => {
    const fields = await p.fields('defects');
    const sev = fields.get('severity');
    assert.ok(sev);
    assert.equal(sev.label.length > 0, true);
    assert.deepEqual(sev.dataType.source, { kind: 'list', listId: 287 });
    assert.equal(sev.dataType.name, 'Reference By Value');
    assert.equal(sev.required, true);
    assert.equal(sev.maxLength, 70);
    assert.equal(fields.get('name')?.maxLength, 255);
    assert.deepEqual(fields.get('detected-by')?.dataType.source, { kind: 'resource', collection: 'user' });
    assert.equal(fields.get('description')?.dataType.name, 'Memo');
    assert.equal(fields.get('creation-time')?.dataType.name, 'Date');
  });

  it('walks every page to the end, never capping, with the total', async () => {
    const q = p.defects.query({ fields: ['name', 'status'], pageSize: 7 });
    const all = await collect(q);
    const total = (await p.defects.page({ pageSize: 1 })).total;
    assert.equal(all.length, total);
    assert.equal(q.total, total);
    assert.ok(total >= 23);
    const ids = all.map((d) => d.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'default order is by id',
    );
    assert.equal(new Set(ids).size, ids.length, 'no duplicates across pages');
    assert.ok(
      all.every((d) => d.description === undefined && typeof d.name === 'string'),
      'only the requested fields come back',
    );
  });

  it('walks in id order by keyset: a filter on id still applies, and deleting read items skips nothing', async () => {
    const { client, logs } = clientFor(server.baseUrl);
    try {
      const demo = client.project('DEFAULT', 'Playground');
      const mine: number[] = [];
      for (let i = 0; i < 10; i++) mine.push((await createDefect(demo, `keyset ${i}`)).id);
      const walked: number[] = [];
      for await (const d of demo.defects.query({ filter: { id: anyOf(...mine) }, pageSize: 3, fields: ['name'] })) {
        walked.push(d.id);
        // Offset paging would now skip an item: the rows before the next offset shrink by one.
        if (walked.length === 3) await demo.defects.delete(mine[0]);
      }
      assert.deepEqual(walked, mine);
      assert.ok(
        logs.some((l) => /query=\{id\[\(.* or .*\) and \(>\d+\)\]\}/.test(decodeURIComponent(l))),
        'later pages ask for ids after the last one',
      );
    } finally {
      await client.dispose();
    }
  });

  it('pages with offsets, ordering and a filter', async () => {
    const ids = created.map((d) => d.id);
    const page = await p.defects.page({ filter: { id: anyOf(...ids) }, orderBy: ['-id'], pageSize: 10, offset: 5 });
    assert.equal(page.total, 23);
    assert.deepEqual(
      page.items.map((d) => d.id),
      [...ids].sort((a, b) => b - a).slice(5, 15),
    );
    assert.equal(page.hasMore, true);
    assert.equal(page.nextOffset, 15);
    const tail = await p.defects.page({ filter: { id: ge(ids[20]) }, pageSize: 10 });
    assert.ok(tail.items.every((d) => d.id >= ids[20]));
  });

  it('gets one defect with chosen fields; missing ids give NotFoundError', async () => {
    const d = await p.defects.get(created[0].id, { fields: ['name'] });
    assert.equal(d.name, 'walk 00');
    assert.equal(d.type, 'defect');
    await assert.rejects(p.defects.get(99_999_999), NotFoundError);
  });

  it('updates only changed fields: unchanged ones are not sent, ver-stamp grows', async () => {
    const before = await p.defects.get(created[1].id);
    const after = await p.defects.update(before.id, { name: before.name ?? '', 'dev-comments': '<p>looked at it</p>' }, { original: before });
    assert.equal(after['dev-comments'], '<p>looked at it</p>');
    assert.equal((after['ver-stamp'] ?? 0) > (before['ver-stamp'] ?? 0), true);
    const unchanged = await p.defects.update(before.id, { name: before.name ?? '' }, { original: after });
    assert.equal(unchanged['ver-stamp'], after['ver-stamp'], 'nothing sent when nothing changed');
  });

  it('multi-updates an explicit selection and refuses an empty one', async () => {
    const [a, b] = [created[2], created[3]];
    await p.defects.updateMany([
      { id: a.id, changes: { name: 'bulk A' } },
      { id: b.id, changes: { name: 'bulk B' } },
    ]);
    assert.equal((await p.defects.get(a.id)).name, 'bulk A');
    assert.equal((await p.defects.get(b.id)).name, 'bulk B');
    const untouched = await p.defects.get(created[4].id);
    await assert.rejects(p.defects.updateMany([]), SelectionGuardError);
    assert.equal((await p.defects.get(created[4].id))['ver-stamp'], untouched['ver-stamp']);
  });

  it('creates and deletes', async () => {
    const d = await createDefect(p, 'to delete');
    assert.ok(d.id > 0);
    assert.equal(d.name, 'to delete');
    const gone = await p.defects.delete(d.id);
    assert.equal(gone.id, d.id);
    await assert.rejects(p.defects.get(d.id), NotFoundError);
  });

  it('turns server validation failures into ValidationError naming the field, and stores nothing', async () => {
    const d = created[5];
    const err = await p.defects.update(d.id, { status: 'Dismissed-Not-A-Status' }).catch((e: unknown) => e);
    assert.ok(err instanceof ValidationError, String(err));
    assert.equal(err.problems[0].code, 'not-in-list');
    const unknown = await p.defects.update(d.id, { 'no-such-field': 'x' }).catch((e: unknown) => e);
    assert.ok(unknown instanceof ValidationError);
    assert.equal(unknown.problems[0].code, 'unknown-field');
    assert.equal((await p.defects.get(d.id))['ver-stamp'], d['ver-stamp']);
  });

  it('validateEdits catches the same problems before sending, with labels', async () => {
    const [fields, lists] = await Promise.all([p.fields('defects'), p.listItems()]);
    const problems = validateEdits({ status: 'Dismissed-Not-A-Status', name: 'x'.repeat(300), severity: null, 'creation-time': '2026-02-30' }, fields, lists);
    assert.deepEqual(problems.map((x) => [x.field, x.code]).sort(), [
      ['creation-time', 'format'],
      ['name', 'max-length'],
      ['severity', 'required'],
      ['status', 'not-in-list'],
    ]);
    assert.ok(problems.every((x) => x.label && x.label === fields.label(x.field ?? '')));
  });

  it('reports a write to a defect bob has locked as LockedByOtherError with who and since when', async () => {
    const d = created[6];
    const lock = await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: d.id });
    try {
      const err = await p.defects.update(d.id, { name: 'mine now' }).catch((e: unknown) => e);
      assert.ok(err instanceof LockedByOtherError, String(err));
      assert.equal(err.lockedBy, 'bob');
      assert.equal(err.since, lock.lock.lockTime);
      assert.match(err.message, /bob/);
      assert.equal((await p.defects.get(d.id)).name, d.name);
    } finally {
      await lock.release();
    }
    assert.equal((await p.defects.update(d.id, { name: 'mine now' })).name, 'mine now');
  });
});
