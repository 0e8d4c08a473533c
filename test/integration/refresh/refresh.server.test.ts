// Views that stay current, built as the extension builds them (the refresh scheduler over the editor
// and tree checks, the controller and the tree over the real client) against the ALM server: an
// editor in read mode reloads when bob changed the defect and names him, an editor in edit mode keeps
// the user's edits, and the tree's loaded rows update in place and are marked until opened. These were
// end-to-end tests that ran the scheduler through activate()'s return value (issue 29); the interval
// and focus wiring is unit-tested (test/unit/refresh) and the reload is seen in the workbench
// (test/e2e/ui/workflow.test.ts).
import * as assert from 'node:assert/strict';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { appendComment } from '../../../src/defects/comments';
import { DefectController } from '../../../src/editor/controller/defectController';
import { EditorRefresh } from '../../../src/refresh/editorRefresh';
import { RefreshScheduler } from '../../../src/refresh/scheduler';
import { TreeRefresh } from '../../../src/refresh/treeRefresh';
import { DefectNode } from '../../../src/tree/nodes/defectNode';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { text } from '../../support/text';
import { kids } from '../../unit/tree/fakes';
import { clientFor } from '../api/harness';
import { node, treeOf } from '../tree/realTree';
import type { Tree } from '../tree/realTree';

const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

describe('refresh integration: views that stay current against the ALM server', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let bobDemo: ProjectApi;
  let tree: Tree;
  const visible: DefectController[] = [];
  let editors: EditorRefresh;
  let rows: TreeRefresh;
  let scheduler: RefreshScheduler;
  const failures: string[] = [];

  async function openEditor(id: number): Promise<DefectController> {
    const c = new DefectController({ api: alice.project('DEFAULT', 'Demo'), key: { ...DEMO, id }, user: 'alice' });
    await c.load();
    visible.push(c);
    return c;
  }

  before(async () => {
    server = await startTestServer();
    ({ client: alice } = clientFor(server.baseUrl, 'alice'));
    ({ client: bob } = clientFor(server.baseUrl, 'bob'));
    bobDemo = bob.project('DEFAULT', 'Demo');
    tree = await treeOf(server, 'alice-demo');
    editors = new EditorRefresh(() => visible);
    rows = new TreeRefresh({
      roots: () => tree.root.servers(),
      visible: () => true,
      isExpanded: () => true,
      selection: () => [],
      changed: (n) => tree.ctx.changed(n),
    });
    scheduler = new RefreshScheduler([editors, rows], (check, e) => failures.push(`${check}: ${String(e)}`));
  });

  afterEach(() => assert.deepEqual(failures, []));

  after(async () => {
    scheduler?.dispose();
    for (const c of visible) await c.dispose();
    await tree?.connection.dispose();
    await alice?.dispose();
    await bob?.dispose();
    await server?.close();
  });

  it('reloads a visible editor in read mode when someone else changed the defect, saying who', async () => {
    const c = await openEditor(61);
    assert.equal(c.lockPhase, 'read-only');
    await scheduler.tick();
    assert.equal(c.status().notice, undefined, 'nothing changed, nothing said');
    const current = await bobDemo.defects.get(61);
    const name = `Renamed by bob ${Date.now()}`;
    await bobDemo.defects.update(61, { name, 'dev-comments': appendComment(text(current['dev-comments']), 'bob', new Date(), 'Renamed it') });
    await scheduler.tick();
    assert.equal(c.value('name'), name);
    assert.match(c.status().notice?.text ?? '', /^Reloaded: bob changed this defect on the server \(.*Summary.*\)/);
  });

  it('never replaces the edits of an editor in edit mode', async () => {
    const c = await openEditor(62);
    await c.edit();
    assert.equal(c.lockPhase, 'editing');
    c.setField('name', 'My own edit');
    const reloads = editors.reloads;
    await scheduler.tick();
    assert.equal(editors.reloads, reloads);
    assert.equal(c.value('name'), 'My own edit');
    await c.cancel();
  });

  it('updates loaded tree rows in place and marks them until opened', async () => {
    const defects = await node(tree, 'DEFAULT', 'Demo', 'Defects');
    const row = (await kids(defects)).filter((n): n is DefectNode => n instanceof DefectNode)[2];
    assert.ok(row, 'a loaded row');
    const id = row.ref.id;
    const status = String(row.defect.status) === 'Reopen' ? 'Open' : 'Reopen';
    await bobDemo.defects.update(id, { status });
    tree.ctx.redraws.length = 0;
    await scheduler.tick();
    assert.equal(row.defect.status, status, 'the same row object shows the new status');
    assert.match(String(row.item().description), /^● changed · /);
    assert.ok(tree.ctx.redraws.includes(row), 'the row was redrawn');
    assert.ok((await kids(defects)).includes(row), 'the row was not rebuilt');
    rows.opened(row.ref);
    assert.doesNotMatch(String(row.item().description), /changed/);
  });
});
