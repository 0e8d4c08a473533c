// Recorded answers: locks — the 12.5x /api tree's JSON lock record (seed), and Core's lock
// resource, which the 12.0x–12.2x reference lists as XML only (406 to a JSON-only Accept; issue 25
// item 6), besides the JSON answer of current Core references.
import { strict as assert } from 'node:assert';
import type { AlmClient } from '../../../src/api/index';
import type { ReplayServer } from './replayServer';
import { acceptsXml } from './replayServer';
import { API, API_KEY, CORE, DOMAIN, PROJECT, USER, api125, clientOf, json, live261 } from './sites';

describe('recorded answers: locks', () => {
  describe('12.5x /api tree', () => {
    let api: ReplayServer;
    let client: AlmClient;
    before(async () => {
      api = await api125();
    });
    beforeEach(() => {
      api.reset();
      ({ client } = clientOf(api, USER));
    });
    afterEach(() => client.dispose());
    after(() => api.close());

    it('POST locks {data:[{entity}]} → 201 {data:[lock]}; release DELETEs locks/{id} once', async () => {
      const handle = await client.project(DOMAIN, PROJECT).locks.acquire({ type: 'defect', id: 7 });
      const [post] = api.sent('POST', `${API}/locks`);
      assert.deepEqual(JSON.parse(post.body.toString('utf8')), { data: [{ entity: { id: 7, type: 'defect' } }] });
      assert.deepEqual(handle.lock, { id: 1016, entity: { type: 'defect', id: 7 }, user: 'alice', lockTime: '2026-11-27 10:13:11', sessionLastTouch: '2026-11-27 10:13:11' });
      assert.equal(handle.state, 'held');
      await handle.release();
      await handle.release();
      assert.equal(handle.state, 'released');
      assert.deepEqual(
        api.sent('DELETE', `${API}/locks/1016`).map((r) => r.status),
        [200],
      );
    });
  });

  describe('Core lock resource', () => {
    let live: ReplayServer;
    let client: AlmClient;
    const LOCK = `${CORE}/defects/7/lock`;
    before(async () => {
      live = await live261();
    });
    beforeEach(() => {
      live.reset();
      ({ client } = clientOf(live, API_KEY));
    });
    afterEach(() => client.dispose());
    after(() => live.close());

    it('XML only (406 to JSON): acquire reads the locked entity from the XML answer', async () => {
      const handle = await client.project(DOMAIN, PROJECT).locks.acquire({ type: 'defect', id: 7 });
      assert.equal(handle.state, 'held');
      assert.deepEqual(handle.lock.entity, { type: 'defect', id: 7 });
      assert.equal(handle.lock.user, 'alice');
      const posts = live.sent('POST', LOCK);
      assert.equal(posts.filter((r) => r.status === 200).length, 1, 'one lock taken');
      assert.ok(posts.every((r) => r.status === 200 || r.status === 406));
      assert.ok(acceptsXml(posts[posts.length - 1]), 'taken with an Accept the resource serves');
      assert.equal(posts[posts.length - 1].headers['x-xsrf-token'], live.sessions[0].xsrf);
    });

    it('XML only: release DELETEs the lock once it is held', async () => {
      const handle = await client.project(DOMAIN, PROJECT).locks.acquire({ type: 'defect', id: 7 });
      await handle.release();
      assert.equal(handle.state, 'released');
      assert.equal(live.sent('DELETE', LOCK).filter((r) => r.status === 200).length, 1);
    });

    it('a Core server answering the lock in JSON (current reference): the locked entity is read as well', async () => {
      live.override({ method: 'POST', path: LOCK, answer: json('live-26.1/defect-7.json') }, { method: 'DELETE', path: LOCK, answer: { status: 200 } });
      const handle = await client.project(DOMAIN, PROJECT).locks.acquire({ type: 'defect', id: 7 });
      assert.deepEqual(handle.lock.entity, { type: 'defect', id: 7 });
      assert.equal(handle.lock.user, 'alice');
      await handle.release();
      assert.equal(handle.state, 'released');
      assert.deepEqual(
        live.sent('DELETE', LOCK).map((r) => r.status),
        [200],
      );
    });
  });
});
