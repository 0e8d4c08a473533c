// The webviews' one channel shape (src/shared/handlers.ts): a handler map per direction, keyed by
// message name. The `@ts-expect-error` lines are the proof that a map leaving out a message does not
// compile: `npm run typecheck` (tsc -p .) fails with "Unused '@ts-expect-error' directive" the day
// the types stop requiring every handler. The runtime cases check that dispatch reaches the handler
// of the message's own name with its own payload.
import * as assert from 'node:assert/strict';
import type { EditorCommands, EditorNotifications } from '../../../src/shared/editorProtocol';
import type { GridToHost, HostToGrid } from '../../../src/shared/gridProtocol';
import { isGridToHost, isHostToGrid } from '../../../src/shared/gridProtocol';
import { dispatch, dispatchByType } from '../../../src/shared/handlers';
import type { ByType, Handlers } from '../../../src/shared/handlers';

type PageToHost = Handlers<ByType<GridToHost>, void>;

/** Every message of the grid's page, handled by recording its type. */
function allGridHandlers(seen: string[]): PageToHost {
  const note = (m: GridToHost) => void seen.push(m.type);
  return {
    ready: note,
    want: note,
    sort: note,
    resize: note,
    reorder: note,
    chooseColumns: note,
    groupBy: note,
    showGroup: note,
    open: note,
    selection: note,
    updateSelected: note,
    exportCsv: note,
    reload: note,
  };
}

describe('webview channels: one exhaustive handler map per direction', () => {
  it('does not compile a grid host map that leaves out a page message', () => {
    const { reload: _left, ...rest } = allGridHandlers([]);
    // @ts-expect-error 'reload' is missing: a page message the host would silently drop.
    const missing: PageToHost = rest;
    assert.equal(Object.keys(missing).length, 12);
  });

  it('does not compile a grid page map that leaves out a host message', () => {
    // @ts-expect-error 'rowChanged' and 'failed' are missing.
    const missing: Handlers<ByType<HostToGrid>> = { init: () => undefined, rows: () => undefined, rowsFailed: () => undefined };
    assert.equal(Object.keys(missing).length, 3);
  });

  it("does not compile a handler taking another message's payload", () => {
    const handlers = allGridHandlers([]);
    // @ts-expect-error a 'sort' handler reads `field`, which an 'open' message does not carry.
    const wrong: PageToHost = { ...handlers, open: (m: Extract<GridToHost, { type: 'sort' }>) => void m.field };
    assert.ok(wrong);
  });

  it('does not compile an editor command or notification map that leaves one out', () => {
    const commands = (): Handlers<EditorCommands> => {
      // @ts-expect-error the editor's commands have more than 'fieldChanged'.
      return { fieldChanged: () => undefined };
    };
    const notifications = (): Handlers<EditorNotifications> => {
      // @ts-expect-error the editor's notifications have more than 'init'.
      return { init: () => undefined };
    };
    assert.equal(typeof commands, 'function');
    assert.equal(typeof notifications, 'function');
  });

  it('hands each grid message to the handler of its type, whole', () => {
    const seen: string[] = [];
    const handlers = allGridHandlers(seen);
    let opened: number | undefined;
    handlers.open = (m) => void (opened = m.id);
    for (const m of [{ type: 'ready' }, { type: 'sort', field: 'status', add: false }, { type: 'open', id: 7 }, { type: 'reload' }] as const) {
      assert.ok(isGridToHost(m));
      dispatchByType(handlers, m);
    }
    assert.deepEqual(seen, ['ready', 'sort', 'reload']);
    assert.equal(opened, 7);
  });

  it('hands a method its params and returns what the handler returns', () => {
    const handlers: Handlers<{ a: number; b: string }, string> = { a: (n) => `a${n + 1}`, b: (s) => `b${s}` };
    assert.equal(dispatch(handlers, 'a', 1), 'a2');
    assert.equal(dispatch(handlers, 'b', 'x'), 'bx');
  });

  it('checks every message type the protocol names, and no other', () => {
    assert.equal(isGridToHost({ type: 'exportCsv' }), true);
    assert.equal(isGridToHost({ type: 'toString' }), false, 'an inherited key is not a message type');
    assert.equal(isGridToHost({ type: 'init' }), false, "the host's message is not the page's");
    assert.equal(isHostToGrid({ type: 'failed', message: 'x' }), true);
    assert.equal(isHostToGrid({ type: 'constructor' }), false);
  });
});
