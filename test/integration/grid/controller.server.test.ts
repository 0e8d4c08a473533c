// The defects grid's controller (src/grid/controller, no `vscode`) driven as its page drives it,
// over the real client against the ALM server with a few hundred defects: ready and the init with
// the first rows, the pages wanted, a sort starting a new generation whose rows the server sorts
// and whose predecessor's answers never reach the page, grouping and one group shown, a selection's
// ids read for Update Selected (rows the page never held included, and refused when the result
// moved), a defect saved elsewhere showing in its row, and malformed messages ignored. The page
// itself is driven in the workbench by test/e2e/ui/grid*.test.ts.
import * as assert from 'node:assert/strict';
import type { AlmClient, OrderBy, Page, PageRequest, ProjectApi } from '../../../src/api/index';
import type { Defect } from '../../../src/api/index';
import type { DefectQuery } from '../../../src/defects/defectQuery';
import { GridController } from '../../../src/grid/controller/gridController';
import { FOLLOW_UP_COLUMN } from '../../../src/shared/gridProtocol';
import type { GridInit, GridRow } from '../../../src/shared/gridProtocol';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { clientFor, createDefect } from '../api/harness';
import { PageDouble, recordedServices } from './pageDouble';
import type { RecordedServices } from './pageDouble';

const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };
const DEFECTS = 320;
const QUERY: DefectQuery = { ...DEMO, filter: {}, orderBy: [{ field: 'id', direction: 'desc' }], title: 'Defects · Demo' };

/** Answers held back: `stop` holds no later request, `arrived` resolves once the held ones have their answers, `release` hands them over. */
interface Held {
  stop(): void;
  arrived(): Promise<unknown>;
  release(): void;
}

/** Alice's project, recording the pages asked for; `hold` keeps the answers of the requests made meanwhile until released. */
class WatchedApi {
  readonly asked: { offset: number; orderBy: PageRequest['orderBy'] }[] = [];
  readonly api: ProjectApi;
  private holding: { gate: Promise<void>; answers: Promise<unknown>[] } | undefined;

  constructor(real: ProjectApi) {
    const page = async (request: PageRequest = {}): Promise<Page<Defect>> => {
      this.asked.push({ offset: request.offset ?? 0, orderBy: request.orderBy });
      const held = this.holding;
      if (!held) return real.defects.page(request);
      // An answer already on its way when the grid moved on: it arrives although its fetch was aborted.
      const answer = real.defects.page({ ...request, signal: undefined });
      held.answers.push(answer);
      await held.gate;
      return answer;
    };
    const defects = new Proxy(real.defects, { get: (t, p) => (p === 'page' ? page : bound(t, p)) });
    this.api = new Proxy(real, { get: (t, p) => (p === 'defects' ? defects : bound(t, p)) });
  }

  hold(): Held {
    let release = (): void => undefined;
    const held = { gate: new Promise<void>((r) => (release = r)), answers: [] as Promise<unknown>[] };
    this.holding = held;
    return {
      stop: () => {
        if (this.holding === held) this.holding = undefined;
      },
      arrived: () => Promise.all(held.answers),
      release: () => release(),
    };
  }
}

function bound(target: object, key: string | symbol): unknown {
  const v: unknown = Reflect.get(target, key, target);
  return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
}

describe('grid integration: the grid controller against the ALM server', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let bobDemo: ProjectApi;
  let watched: WatchedApi;
  const opened: GridController[] = [];

  interface Opened {
    grid: GridController;
    page: PageDouble;
    services: RecordedServices;
    init: GridInit;
  }

  /** A grid of QUERY as its page opens it: the controller starts, the page says ready, the init is there. */
  async function open(prepare: (s: RecordedServices) => void = () => undefined): Promise<Opened> {
    const page = new PageDouble();
    const services = recordedServices(watched.api);
    prepare(services);
    const grid = new GridController(services, page, { query: QUERY });
    opened.push(grid);
    void grid.start();
    const { init } = await page.next('init');
    await grid.receive({ type: 'ready' });
    return { grid, page, services, init };
  }

  /** The ids the server has at rows `from`…`to` (inclusive) of the query in `orderBy`. */
  async function serverIds(orderBy: OrderBy[], from: number, to: number): Promise<number[]> {
    const page = await bobDemo.defects.page({ offset: from, pageSize: to - from + 1, fields: ['id'], filter: {}, orderBy });
    return page.items.map((d) => d.id);
  }

  /** The result's size on the server now (the selection test adds a defect). */
  const serverTotal = async (): Promise<number> => (await bobDemo.defects.page({ pageSize: 1, fields: ['id'], filter: {} })).total;

  const ids = (rows: readonly GridRow[] | undefined) => (rows ?? []).map((r) => r.id);
  const cell = (init: GridInit, row: GridRow, column: string) => row.cells[init.columns.findIndex((c) => c.name === column)];

  before(async () => {
    server = await startTestServer({ defects: DEFECTS });
    ({ client: alice } = clientFor(server.baseUrl, 'alice'));
    ({ client: bob } = clientFor(server.baseUrl, 'bob'));
    watched = new WatchedApi(alice.project('DEFAULT', 'Demo'));
    bobDemo = bob.project('DEFAULT', 'Demo');
  });

  afterEach(() => {
    for (const g of opened.splice(0)) g.dispose();
  });

  after(async () => {
    await alice?.dispose();
    await bob?.dispose();
    await server?.close();
  });

  it('posts the init with the first page before the page is ready, again on ready, and starts over for a reloaded page', async () => {
    const newest = (await serverIds(QUERY.orderBy, 0, 0))[0];
    const { grid, page, init } = await open((s) => s.flags.set(newest, '⚑ due today'));
    assert.equal(init.total, await serverTotal());
    assert.ok(DEFECTS <= (init.total ?? 0), 'a few hundred defects');
    assert.deepEqual(ids(init.firstRows), await serverIds(QUERY.orderBy, 0, 99), "the first rows are the server's first page");
    assert.equal(cell(init, init.firstRows?.[0] as GridRow, FOLLOW_UP_COLUMN), '⚑ due today', 'the follow-up column shows the flag');
    // The page may have missed what was posted while it loaded: ready hands it the same init again.
    assert.deepEqual(
      page.all('init').map((m) => m.init.generation),
      [init.generation, init.generation],
    );
    const reloaded = page.mark();
    await grid.receive({ type: 'ready' });
    const again = (await page.next('init', () => true, reloaded)).init;
    assert.equal(again.generation, init.generation + 1, 'a second ready is a reloaded page: a new generation');
    assert.equal(again.keepSelection, true, 'the same rows: the selection stays');
  });

  it('answers the pages wanted with the rows the server has there, and fetches the shown ones again on the change check', async () => {
    const { grid, page, init } = await open();
    const { generation } = init;
    await grid.receive({ type: 'want', generation, pages: [2, 1], shown: [2] });
    const two = await page.next('rows', (m) => m.page === 2);
    const one = await page.next('rows', (m) => m.page === 1);
    assert.deepEqual([two.generation, two.total, one.generation], [generation, await serverTotal(), generation]);
    assert.deepEqual(ids(one.rows), await serverIds(QUERY.orderBy, 100, 199));
    assert.deepEqual(ids(two.rows), await serverIds(QUERY.orderBy, 200, 299));
    const row = two.rows[5];
    const name = `Renamed by bob while the grid showed it (${generation})`;
    await bobDemo.defects.update(row.id, { name });
    const check = page.mark();
    grid.recheck();
    const again = await page.next('rows', (m) => m.page === 2, check);
    assert.equal(cell(init, again.rows[5], 'name'), name);
  });

  it("sorts on a header click by the server's order in a new generation, and no answer of the old one reaches the page", async () => {
    const { grid, page, init } = await open();
    const held = watched.hold();
    const asked = watched.asked.length;
    await grid.receive({ type: 'want', generation: init.generation, pages: [1, 2], shown: [1] });
    held.stop();
    assert.deepEqual(
      watched.asked.slice(asked).map((a) => a.offset),
      [100],
      'the page in view is asked first, alone',
    );
    const sorted = page.mark();
    await grid.receive({ type: 'sort', field: 'name', add: false });
    const { init: byName } = await page.next('init', () => true, sorted);
    // The old generation's answer comes back to a grid that has moved on.
    await held.arrived();
    held.release();
    const order: OrderBy[] = [
      { field: 'name', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ];
    assert.equal(byName.generation, init.generation + 1);
    assert.deepEqual(byName.sort, [{ field: 'name', direction: 'asc' }]);
    assert.equal(byName.keepSelection, false, 'other rows: the selection is cleared');
    assert.deepEqual(ids(byName.firstRows), await serverIds(order, 0, 99), 'the server sorted the first page');
    // A want the page sent before it saw the sort names the old generation: it is not served.
    const stale = watched.asked.length;
    await grid.receive({ type: 'want', generation: init.generation, pages: [3], shown: [3] });
    assert.deepEqual(watched.asked.slice(stale), [], 'no page is fetched for the old generation');
    await grid.receive({ type: 'want', generation: byName.generation, pages: [1], shown: [1] });
    const one = await page.next('rows', (m) => m.generation === byName.generation && m.page === 1, sorted);
    assert.deepEqual(ids(one.rows), await serverIds(order, 100, 199));
    assert.deepEqual(
      page.all('rows', sorted).map((m) => m.generation),
      [byName.generation],
      'only the new generation has rows',
    );
    assert.deepEqual(grid.currentQuery().orderBy, order);
  });

  it('groups by a field with the groups the server counts, shows one group, and all again', async () => {
    const { grid, page, init } = await open();
    page.groupAnswer = 'severity';
    const asked = page.mark();
    await grid.receive({ type: 'groupBy' });
    const { init: grouped } = await page.next('init', () => true, asked);
    const grouping = grouped.grouping;
    assert.ok(grouping && grouping.field === 'severity', JSON.stringify(grouped.grouping));
    assert.deepEqual(page.progressShown, [{ title: 'Counting groups…', cancellable: false }]);
    assert.equal(
      grouping.groups.reduce((n, g) => n + g.count, 0),
      init.total,
    );
    const group = grouping.groups.find((g) => g.value !== null && g.count > 0 && g.count < (init.total ?? 0));
    assert.ok(group, 'a group of some of the defects');
    const shown = page.mark();
    await grid.receive({ type: 'showGroup', value: group.value });
    const { init: one } = await page.next('init', () => true, shown);
    assert.equal(one.total, group.count, "the group's defects only");
    assert.equal(one.title, `${grouping.label}: ${group.label} · ${QUERY.title}`);
    assert.ok(one.firstRows?.length);
    for (const row of one.firstRows ?? []) assert.equal(cell(one, row, 'severity'), group.label);
    assert.notDeepEqual(grid.currentQuery().filter, QUERY.filter, 'the query shown is narrowed to the group');
    assert.deepEqual(grid.favoriteView().filter, QUERY.filter, 'a favorite keeps the opened filter');
    const all = page.mark();
    await grid.receive({ type: 'showGroup' });
    assert.equal((await page.next('init', () => true, all)).init.total, init.total);
  });

  it("reads a selection's ids for Update Selected, rows the page never held included, and refuses when the result moved", async () => {
    const { grid, page, services, init } = await open();
    const { generation } = init;
    await grid.receive({
      type: 'updateSelected',
      generation,
      ranges: [
        [95, 105],
        [250, 254],
      ],
    });
    const expected = [...(await serverIds(QUERY.orderBy, 95, 105)), ...(await serverIds(QUERY.orderBy, 250, 254))];
    assert.deepEqual(
      services.updates.map((u) => u.map((d) => d.id)),
      [expected],
    );
    assert.deepEqual(services.updates[0][0], { ...DEMO, id: expected[0] });
    assert.deepEqual(page.progressShown, [{ title: 'Reading the selected defects…', cancellable: true }], 'rows not held are read with progress');
    // A selection of a generation the grid has left names other rows: ignored.
    await grid.receive({ type: 'updateSelected', generation: generation - 1, ranges: [[0, 3]] });
    await grid.receive({ type: 'selection', generation: generation - 1, ranges: [[0, 3]] });
    assert.equal(services.updates.length, 1);
    assert.deepEqual(await grid.selectedDefects(), []);
    // The context menu's Update Selected reads the page's selection; held rows need no progress.
    await grid.receive({ type: 'selection', generation, ranges: [[0, 2]] });
    assert.deepEqual(
      (await grid.selectedDefects())?.map((d) => d.id),
      ids(init.firstRows?.slice(0, 3)),
    );
    assert.equal(page.progressShown.length, 1);
    // A defect added since the grid showed the result: the unread rows would name other defects.
    await createDefect(bobDemo, 'Added while the grid was open');
    await grid.receive({ type: 'updateSelected', generation, ranges: [[150, 160]] });
    assert.equal(services.updates.length, 1, 'nothing is updated');
    assert.equal(page.errors.length, 1);
    assert.match(page.errors[0], /^Defects grid: The result changed on the server since the grid showed it/);
  });

  it('shows a defect saved elsewhere in its row, read from the server when the save did not carry every column', async () => {
    const { grid, page, init } = await open();
    const row = init.firstRows?.[3] as GridRow;
    const name = 'Saved in the editor while the grid was open';
    const saved = await bobDemo.defects.update(row.id, { name });
    const changed = page.mark();
    await grid.defectSaved({ ...DEMO, id: row.id }, { id: row.id, name: saved.name } as Defect);
    const [{ row: shown, generation }] = page.all('rowChanged', changed);
    assert.equal(generation, init.generation);
    assert.equal(shown.id, row.id);
    assert.equal(cell(init, shown, 'name'), name);
    assert.equal(cell(init, shown, 'status'), cell(init, row, 'status'), 'the other cells read from the server');
    // Another project's defect with the same id is another defect.
    await grid.defectSaved({ ...DEMO, project: 'Other', id: row.id }, saved);
    assert.equal(page.all('rowChanged', changed).length, 1);
  });

  it('ignores a malformed message: nothing is posted, opened or shown, and it is logged', async () => {
    const { grid, page, services } = await open();
    const before = page.mark();
    const malformed: unknown[] = [
      null,
      'ready',
      { type: 'open', id: '41' },
      { type: 'open', id: -1 },
      { type: 'want', generation: 1, pages: 'all', shown: [] },
      { type: 'init', init: {} },
      { type: 'toString' },
    ];
    for (const m of malformed) await grid.receive(m);
    assert.deepEqual(page.messages.slice(before), []);
    assert.deepEqual(page.opened, []);
    assert.deepEqual(page.errors, []);
    assert.equal(services.sink.lines.filter((l) => l.includes('ignored a malformed message from a grid page')).length, malformed.length);
    await grid.receive({ type: 'open', id: 41 });
    assert.deepEqual(page.opened, [{ ...DEMO, id: 41 }], 'a well-formed one is handled');
  });
});
