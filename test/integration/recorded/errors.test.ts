// Recorded answers: the error forms a live 26.1 sends (issue 25 items 3, 4 and 8) — a bad query
// value as 404 qccore.invalid-query-value, business-rule refusals as 500 qccore.general-error with
// a readable Title, a missing required field as 400 naming the field by its label, and a transient
// 500 on a read — and what the client makes of each: the error class, the server's own words, and
// how many requests it sent.
import { strict as assert } from 'node:assert';
import { AlmApiError, NotFoundError, ServerError, ValidationError } from '../../../src/api/index';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import type { ReplayServer } from './replayServer';
import { API_KEY, CORE, DOMAIN, LIVE_ERRORS, PROJECT, clientOf, json, live261 } from './sites';

/** The Title inside a recorded error fixture. */
function titleOf(replay: ReplayServer, fixture: string): string {
  return (JSON.parse(replay.fixture(fixture).toString('utf8')) as { Title: string }).Title;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => assert.fail('expected a rejection'),
    (e: unknown) => e,
  );
}

describe('recorded answers: error forms of a live 26.1', () => {
  let live: ReplayServer;
  let client: AlmClient;
  let p: ProjectApi;

  before(async () => {
    live = await live261();
  });
  beforeEach(async () => {
    live.reset();
    ({ client } = clientOf(live, API_KEY));
    p = client.project(DOMAIN, PROJECT);
    // Signed in and the metadata read, so each test counts only its own requests.
    await p.fields('defects');
  });
  afterEach(() => client.dispose());
  after(() => live.close());

  describe('404 qccore.invalid-query-value (item 3)', () => {
    it('an order-by on a field the entity lacks: ValidationError with the Title, not NotFoundError', async () => {
      const err = await rejection(p.defects.page({ orderBy: ['no-such-field'] }));
      assert.ok(err instanceof ValidationError, `${String(err)}`);
      assert.ok(!(err instanceof NotFoundError));
      assert.ok(err.message.includes(titleOf(live, LIVE_ERRORS.orderBy)), err.message);
      assert.equal(live.sent('GET', `${CORE}/defects`).length, 1, 'a refused query is not retried');
    });

    it('a page size the server refuses: ValidationError with the Title', async () => {
      live.override({ method: 'GET', path: `${CORE}/defects`, answer: json(LIVE_ERRORS.pageSize, 404) });
      const err = await rejection(p.defects.page({ pageSize: 2000 }));
      assert.ok(err instanceof ValidationError, `${String(err)}`);
      assert.ok(err.message.includes(titleOf(live, LIVE_ERRORS.pageSize)), err.message);
    });
  });

  describe('refused writes (item 4)', () => {
    it('a PUT refused with 500 qccore.general-error and a readable Title: ValidationError saying that Title, sent once', async () => {
      live.override({ method: 'PUT', path: `${CORE}/defects/7`, answer: json(LIVE_ERRORS.targetRel, 500) });
      const err = await rejection(p.defects.update(7, { 'target-rel': '1005,1006' }));
      const title = titleOf(live, LIVE_ERRORS.targetRel);
      assert.ok(err instanceof ValidationError, `${String(err)}`);
      assert.ok(err.message.includes(title), err.message);
      assert.ok(!/ALM server failed/.test(err.message), err.message);
      assert.equal(live.sent('PUT', `${CORE}/defects/7`).length, 1, 'a write is never retried');
    });

    it('a POST refused with 500 qccore.general-error and a readable Title: ValidationError saying that Title, sent once', async () => {
      live.override({ method: 'POST', path: `${CORE}/defects`, answer: json(LIVE_ERRORS.owner, 500) });
      const err = await rejection(p.defects.create({ name: 'x', 'detected-by': 'alice', 'creation-time': '2026-11-27', severity: '1-Low', owner: '0' }));
      assert.ok(err instanceof ValidationError, `${String(err)}`);
      assert.ok(err.message.includes(titleOf(live, LIVE_ERRORS.owner)), err.message);
      assert.equal(live.sent('POST', `${CORE}/defects`).length, 1, 'a write is never retried');
    });

    it("400 qccore.required-field-missing naming the label 'Severity': ValidationError whose problem names the field severity", async () => {
      const err = await rejection(p.defects.create({ name: 'No severity given', 'detected-by': 'alice', 'creation-time': '2026-11-27', status: 'New' }));
      assert.ok(err instanceof ValidationError, `${String(err)}`);
      assert.ok(err.message.includes("The field 'Severity' is required."), err.message);
      assert.equal(err.problems[0]?.field, 'severity', JSON.stringify(err.problems));
      assert.equal(err.problems[0]?.code, 'required');
      assert.equal(live.sent('POST', `${CORE}/defects`).length, 1);
    });
  });

  describe('a transient 500 (item 8)', () => {
    it('on a GET: retried once, unchanged, and the read succeeds', async () => {
      live.override({ method: 'GET', path: `${CORE}/defects/7`, times: 1, answer: json(LIVE_ERRORS.general, 500) });
      const d = await p.defects.get(7);
      assert.equal(d.id, 7);
      const gets = live.sent('GET', `${CORE}/defects/7`);
      assert.deepEqual(
        gets.map((g) => g.status),
        [500, 200],
      );
      assert.equal(gets[1].query.toString(), gets[0].query.toString(), 'the same request again');
    });

    it('on a GET that fails again: one retry only, then the error', async () => {
      live.override({ method: 'GET', path: `${CORE}/defects/7`, answer: json(LIVE_ERRORS.general, 500) });
      const err = await rejection(p.defects.get(7));
      assert.ok(err instanceof ServerError, `${String(err)}`);
      assert.equal(live.sent('GET', `${CORE}/defects/7`).length, 2);
    });

    it('on a POST: not retried (a 5xx may still have committed), exactly one request', async () => {
      live.override({ method: 'POST', path: `${CORE}/defects`, times: 1, answer: json(LIVE_ERRORS.general, 500) });
      const err = await rejection(p.defects.create({ name: 'Once only', 'detected-by': 'alice', 'creation-time': '2026-11-27', severity: '1-Low', status: 'New' }));
      assert.ok(err instanceof AlmApiError, `${String(err)}`);
      assert.equal(live.sent('POST', `${CORE}/defects`).length, 1);
      assert.match(err.message, /may have been created anyway/, 'a 5xx create may have committed: the user is told to look before retrying');
    });

    it('on a PUT: not retried, exactly one request', async () => {
      live.override({ method: 'PUT', path: `${CORE}/defects/7`, times: 1, answer: json(LIVE_ERRORS.general, 500) });
      const err = await rejection(p.defects.update(7, { status: 'Fixed' }));
      assert.ok(err instanceof AlmApiError, `${String(err)}`);
      assert.equal(live.sent('PUT', `${CORE}/defects/7`).length, 1);
    });
  });
});
