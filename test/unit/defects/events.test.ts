// The defect events hub (src/defects/events.ts) and the views listening to it: the grid's and the
// editor's listeners (src/grid/followEvents.ts, src/editor/followEvents.ts) exactly as activate()
// wires them, with no tree in the process. A save from the editor reaches the grid directly.
import * as assert from 'node:assert/strict';
import type { Defect } from '../../../src/api';
import { DefectEvents } from '../../../src/defects/events';
import type { DefectDeleted, DefectSaved } from '../../../src/defects/events';
import type { DefectRef, ProjectRefKey } from '../../../src/defects/refs';
import { followDefectEvents as editorFollows } from '../../../src/editor/followEvents';
import { followDefectEvents as gridFollows } from '../../../src/grid/followEvents';
import type { EventTarget } from '../../../src/grid/followEvents';

const PROJECT: ProjectRefKey = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };
const REF: DefectRef = { ...PROJECT, id: 7 };
const DEFECT = { id: 7, name: 'Renamed in the editor', status: 'Open' } as unknown as Defect;

/** An open grid recording what reached it. */
class FakeGrid implements EventTarget {
  readonly saved: [DefectRef, Defect][] = [];
  readonly changed: ProjectRefKey[] = [];
  rechecks = 0;
  constructor(private readonly fail = false) {}
  defectSaved(ref: DefectRef, defect: Defect): Promise<void> {
    this.saved.push([ref, defect]);
    return this.fail ? Promise.reject(new Error('page gone')) : Promise.resolve();
  }
  defectsChanged(project: ProjectRefKey): Promise<void> {
    this.changed.push(project);
    return Promise.resolve();
  }
  recheck(): void {
    this.rechecks++;
  }
}

/** An open editor recording its change checks and which feature's save each was for. */
function fakeEditor() {
  const editor = {
    checks: 0,
    writers: [] as string[],
    checkForChanges: (writer: string) => {
      editor.writers.push(writer);
      return Promise.resolve(++editor.checks);
    },
  };
  return editor;
}

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, warn: (m: string) => warnings.push(m) };
}

describe('defect events', () => {
  it('a save from the editor reaches an open grid directly, with no tree built, and does not make the saving editor read it again', () => {
    const events = new DefectEvents();
    const grid = new FakeGrid();
    const editor = fakeEditor();
    gridFollows(events, () => [grid], recordingLog());
    editorFollows(events, (ref) => (ref.id === REF.id ? editor : undefined), recordingLog());
    // What extensionEditorServices hands the editor as `defectSaved`.
    events.announcer('editor')(REF, DEFECT);
    assert.deepEqual(grid.saved, [[REF, DEFECT]]);
    assert.equal(editor.checks, 0, 'the editor that saved has the copy already');
  });

  it('a save from Update Selected, the chat or Start Work reaches the grid and makes an open editor of that defect read it again', () => {
    const events = new DefectEvents();
    const grid = new FakeGrid();
    const editor = fakeEditor();
    const other = fakeEditor();
    gridFollows(events, () => [grid], recordingLog());
    editorFollows(events, (ref) => (ref.id === REF.id ? editor : ref.id === 8 ? other : undefined), recordingLog());
    for (const source of ['bulk', 'chat', 'work'] as const) events.announcer(source)(REF, DEFECT);
    assert.equal(grid.saved.length, 3);
    assert.equal(editor.checks, 3);
    assert.deepEqual(editor.writers, ['bulk', 'chat', 'work'], 'the editor hears whose save it was, for its notice');
    assert.equal(other.checks, 0, 'only the editor of the saved defect');
  });

  it('many changes at once make the grids count their groups again; a deletion makes them read their rows again', () => {
    const events = new DefectEvents();
    const grids = [new FakeGrid(), new FakeGrid()];
    gridFollows(events, () => grids, recordingLog());
    events.changed(PROJECT);
    events.deleted(REF, 'bulk');
    for (const g of grids) {
      assert.deepEqual(g.changed, [PROJECT]);
      assert.equal(g.rechecks, 1);
    }
  });

  it('reads the open grids at each event: one opened after the wiring hears, one closed does not', () => {
    const events = new DefectEvents();
    const open = new Set<FakeGrid>();
    gridFollows(events, () => open, recordingLog());
    const first = new FakeGrid();
    open.add(first);
    events.saved(REF, DEFECT, 'editor');
    open.delete(first);
    const second = new FakeGrid();
    open.add(second);
    events.saved(REF, DEFECT, 'editor');
    assert.equal(first.saved.length, 1);
    assert.equal(second.saved.length, 1);
  });

  it('a grid that cannot show the save is logged and the other grids still show it', async () => {
    const events = new DefectEvents();
    const log = recordingLog();
    const healthy = new FakeGrid();
    gridFollows(events, () => [new FakeGrid(true), healthy], log);
    events.saved(REF, DEFECT, 'chat');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(healthy.saved.length, 1);
    assert.match(log.warnings.join('\n'), /defect 7 saved; the grid could not show it: Error: page gone/);
  });

  it('hands listeners the defect key alone (a writer may pass a richer ref) and who wrote', () => {
    const events = new DefectEvents();
    const heard: DefectSaved[] = [];
    const deleted: DefectDeleted[] = [];
    events.onDidSave((e) => heard.push(e));
    events.onDidDelete((e) => deleted.push(e));
    const chatRef = { ...REF, entry: { username: 'alice' } };
    events.announcer('chat')(chatRef, DEFECT);
    events.deleted(chatRef, 'chat');
    assert.deepEqual(heard, [{ ref: REF, defect: DEFECT, source: 'chat' }]);
    assert.deepEqual(deleted, [{ ref: REF, source: 'chat' }]);
  });

  it('stops a listener whose subscription is disposed, and every listener once the hub is disposed', () => {
    const events = new DefectEvents();
    const grid = new FakeGrid();
    const kept: DefectSaved[] = [];
    const wiring = gridFollows(events, () => [grid], recordingLog());
    events.onDidSave((e) => kept.push(e));
    wiring.dispose();
    events.saved(REF, DEFECT, 'editor');
    assert.equal(grid.saved.length, 0);
    assert.equal(kept.length, 1);
    events.dispose();
    events.saved(REF, DEFECT, 'editor');
    events.changed(PROJECT);
    assert.equal(kept.length, 1);
  });
});
