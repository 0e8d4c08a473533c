// The host's half of the webview `ready` handshake (src/util/readyQueue.ts), as the grid uses it
// (everything held, posted early too) and as the editor does (only the latest of a kind held). The
// editor's channel over it is tested in test/unit/editor/protocol.test.ts.
import * as assert from 'node:assert/strict';
import { ReadyQueue } from '../../../src/util/readyQueue';

type Message = { kind: string; n: number };

function queue(options: { early?: boolean; latestOnly?: boolean } = {}) {
  const sent: Message[] = [];
  const q = new ReadyQueue<Message>({
    send: (m) => sent.push(m),
    early: () => options.early === true,
    ...(options.latestOnly ? { replaces: (queued: Message, next: Message) => queued.kind === next.kind } : {}),
  });
  return { q, sent };
}

describe('the webview ready handshake', () => {
  it('holds what is posted before ready and hands it back in order on ready; after ready posts at once', () => {
    const { q, sent } = queue();
    q.post({ kind: 'init', n: 1 });
    q.post({ kind: 'rows', n: 2 });
    assert.deepEqual(sent, [], 'nothing reaches a page that is not listening yet');
    assert.equal(q.isReady, false);
    assert.deepEqual(q.pageReady(), {
      again: false,
      held: [
        { kind: 'init', n: 1 },
        { kind: 'rows', n: 2 },
      ],
    });
    q.post({ kind: 'rows', n: 3 });
    assert.deepEqual(sent, [{ kind: 'rows', n: 3 }]);
  });

  it('posts early as well when asked, and still hands everything back on ready (the page may have missed it)', () => {
    const { q, sent } = queue({ early: true });
    q.post({ kind: 'init', n: 1 });
    assert.deepEqual(sent, [{ kind: 'init', n: 1 }]);
    assert.deepEqual(q.pageReady(), { again: false, held: [{ kind: 'init', n: 1 }] });
  });

  it('keeps only the latest message of a kind where the caller says a newer one replaces it', () => {
    const { q } = queue({ latestOnly: true });
    q.post({ kind: 'values', n: 1 });
    q.post({ kind: 'status', n: 2 });
    q.post({ kind: 'values', n: 3 });
    assert.deepEqual(q.pageReady(), {
      again: false,
      held: [
        { kind: 'status', n: 2 },
        { kind: 'values', n: 3 },
      ],
    });
  });

  it('a second ready with no reset means a reloaded page (the caller rebuilds it); after a reset it holds again', () => {
    const { q, sent } = queue();
    q.pageReady();
    assert.deepEqual(q.pageReady(), { again: true });
    q.reset();
    q.post({ kind: 'init', n: 1 });
    assert.deepEqual(sent, [], 'held again after the reset');
    assert.deepEqual(q.pageReady(), { again: false, held: [{ kind: 'init', n: 1 }] });
  });

  it('hands back nothing once cleared (the panel is gone)', () => {
    const { q } = queue();
    q.post({ kind: 'init', n: 1 });
    q.clear();
    assert.deepEqual(q.pageReady(), { again: false, held: [] });
  });
});
