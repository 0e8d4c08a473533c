// The editor protocol: request/reply bookkeeping on the webview side, and the host channel that
// queues until `ready`, dispatches to handler maps and always answers a request.
import assert from 'node:assert/strict';
import { HostChannel } from '../../../src/editor/hostChannel';
import type { CommandHandlers, RequestHandlers } from '../../../src/editor/hostChannel';
import { isHostToWebview, isWebviewToHost } from '../../../src/shared/editorProtocol';
import { PendingRequests, RequestTimeoutError } from '../../../src/shared/pendingRequests';
import type { HostToWebview, RequestMessage } from '../../../src/shared/editorProtocol';

function handlers(overrides: Partial<RequestHandlers> = {}): RequestHandlers {
  const none = async () => undefined;
  return {
    edit: none,
    retry: none,
    save: async () => 'saved' as const,
    resolveConflict: async () => 'saved' as const,
    dismissConflict: none,
    cancel: async () => true,
    addComment: none,
    setStatus: none,
    reload: none,
    resolveImage: async () => ({}),
    attachments: async () => ({ items: [] }),
    history: async () => ({ entries: [], total: 0 }),
    links: async () => ({ items: [], linkTypes: [] }),
    pasteImage: async () => ({ src: '', name: '' }),
    retryImages: none,
    ...overrides,
  };
}

function channel(
  options: {
    requests?: Partial<RequestHandlers>;
    commands?: Partial<CommandHandlers>;
    onReady?: (ch: HostChannel, ready: { embedded: boolean }) => void;
    delivered?: Promise<boolean>;
    early?: boolean | (() => boolean);
  } = {},
) {
  const posted: HostToWebview[] = [];
  const commands: string[] = [];
  const errors: string[] = [];
  const invalid: unknown[] = [];
  const ch = new HostChannel({
    post: (m) => {
      posted.push(m);
      return options.delivered ?? true;
    },
    commands: {
      fieldChanged: (p) => commands.push(`field ${p.field}=${JSON.stringify(p.value)}`),
      memoSpliced: (p) => commands.push(`splice ${p.field}@${p.at}`),
      openLink: (p) => commands.push(`link ${p.href}`),
      openDefect: (p) => commands.push(`open ${p.id}`),
      chooseDuplicate: (p) => commands.push(`choose ${p.id}`),
      commentDraftChanged: (p) => commands.push(`comment draft ${p.text}`),
      signIn: () => commands.push('sign in'),
      ...options.commands,
    },
    requests: handlers(options.requests),
    describeError: (method, e) => {
      const text = `${method}: ${e instanceof Error ? e.message : String(e)}`;
      errors.push(text);
      return text;
    },
    onInvalid: (m) => invalid.push(m),
    early: options.early,
    ...(options.onReady ? { onReady: (ready: { embedded: boolean }) => options.onReady?.(ch, ready) } : {}),
  });
  return { ch, posted, commands, errors, invalid };
}

describe('editor protocol: PendingRequests', () => {
  it('numbers requests, resolves each with its own reply and forgets it', async () => {
    const sent: RequestMessage[] = [];
    const pending = new PendingRequests((m) => sent.push(m));
    const save = pending.request('save', { close: true });
    const image = pending.request('resolveImage', { src: 'x.png' });
    assert.deepEqual(
      sent.map((m) => [m.id, m.method]),
      [
        [1, 'save'],
        [2, 'resolveImage'],
      ],
    );
    assert.equal(pending.settle({ kind: 'reply', id: 2, ok: true, result: { dataUri: 'data:image/png;base64,AA' } }), true);
    assert.equal(pending.settle({ kind: 'reply', id: 1, ok: true, result: 'conflict' }), true);
    assert.equal(await save, 'conflict');
    assert.deepEqual(await image, { dataUri: 'data:image/png;base64,AA' });
    assert.equal(pending.size, 0);
    assert.equal(pending.settle({ kind: 'reply', id: 1, ok: true, result: 'saved' }), false, 'a second reply is ignored');
  });

  it('rejects with the error text of a failed reply', async () => {
    const pending = new PendingRequests(() => undefined);
    const edit = pending.request('edit', {});
    pending.settle({ kind: 'reply', id: 1, ok: false, error: 'Locked by bob' });
    await assert.rejects(edit, /Locked by bob/);
  });

  it('times out a request nobody answers, per method', async () => {
    const pending = new PendingRequests(
      () => undefined,
      (m) => (m === 'resolveImage' ? 20 : 10_000),
    );
    // resolveImage's own 20 ms, not the 10 s of the others: with those the test would outlast its 5 s.
    await assert.rejects(pending.request('resolveImage', { src: 'a' }), (e: unknown) => e instanceof RequestTimeoutError && e.method === 'resolveImage');
    assert.equal(pending.size, 0);
  });

  it('rejects everything pending on dispose', async () => {
    const pending = new PendingRequests(() => undefined);
    const a = pending.request('reload', {});
    const b = pending.request('cancel', {});
    pending.dispose('closed');
    await assert.rejects(a, /closed/);
    await assert.rejects(b, /closed/);
    assert.equal(pending.size, 0);
  });
});

describe('editor protocol: message guards', () => {
  it('accepts the known shapes and refuses unknown methods, missing ids and non-objects', () => {
    assert.equal(isWebviewToHost({ kind: 'ready' }), true);
    assert.equal(isWebviewToHost({ kind: 'command', method: 'openLink', params: { href: 'https://x' } }), true);
    assert.equal(isWebviewToHost({ kind: 'request', id: 3, method: 'save', params: {} }), true);
    assert.equal(isWebviewToHost({ kind: 'request', method: 'save', params: {} }), false);
    assert.equal(isWebviewToHost({ kind: 'request', id: 3, method: 'deleteEverything', params: {} }), false);
    assert.equal(isWebviewToHost({ kind: 'command', method: 'toString', params: {} }), false);
    assert.equal(isWebviewToHost({ kind: 'command', method: 'openLink', params: 'x' }), false);
    assert.equal(isWebviewToHost('ready'), false);
    assert.equal(isHostToWebview({ kind: 'reply', id: 1, ok: false, error: 'x' }), true);
    assert.equal(isHostToWebview({ kind: 'notification', method: 'status', params: {} }), true);
    assert.equal(isHostToWebview({ kind: 'notification', method: 'status' }), false);
  });
});

describe('editor protocol: HostChannel', () => {
  it('queues notifications until ready, keeping init and only the latest values/status', async () => {
    const { ch, posted } = channel();
    ch.notify('init', { key: { server: 's', domain: 'D', project: 'P', id: 1 }, isNew: false, user: 'alice', fields: [], statusValues: [] });
    ch.notify('status', { lock: { phase: 'loading' }, dirty: [], problems: [] });
    ch.notify('values', { server: { name: 'old' }, edits: {} });
    ch.notify('status', { lock: { phase: 'read-only' }, dirty: [], problems: [] });
    ch.notify('values', { server: { name: 'new' }, edits: {} });
    assert.equal(posted.length, 0, 'nothing is posted before ready');
    await ch.receive({ kind: 'ready' });
    assert.deepEqual(
      posted.map((m) => (m.kind === 'notification' ? m.method : m.kind)),
      ['init', 'status', 'values'],
    );
    const values = posted[2];
    assert.ok(values.kind === 'notification' && values.method === 'values');
    assert.deepEqual(values.params.server, { name: 'new' });
    const status = posted[1];
    assert.ok(status.kind === 'notification' && status.method === 'status');
    assert.equal(status.params.lock.phase, 'read-only');
    ch.notify('status', { lock: { phase: 'editing' }, dirty: ['name'], problems: [] });
    assert.equal(posted.length, 4, 'after ready, notifications go out at once');
  });

  it('posts the queue in order without waiting for each message to be delivered', async () => {
    // A webview that never acknowledges: every queued message still goes out at ready.
    const { ch, posted } = channel({ delivered: new Promise<boolean>(() => undefined) });
    ch.notify('init', { key: { server: 's', domain: 'D', project: 'P', id: 1 }, isNew: false, user: 'alice', fields: [], statusValues: [] });
    ch.notify('values', { server: { name: 'x' }, edits: {} });
    ch.notify('status', { lock: { phase: 'read-only' }, dirty: [], problems: [] });
    await ch.receive({ kind: 'ready' });
    assert.deepEqual(
      posted.map((m) => (m.kind === 'notification' ? m.method : m.kind)),
      ['init', 'values', 'status'],
    );
  });

  it('with an onReady, ready sends what onReady sends and not the queue too (the page builds the form once)', async () => {
    const { ch, posted } = channel({
      onReady: (c) => {
        c.notify('init', { key: { server: 's', domain: 'D', project: 'P', id: 1 }, isNew: false, user: 'alice', fields: [], statusValues: [] });
        c.notify('values', { server: { name: 'current' }, edits: {} });
      },
    });
    ch.notify('init', { key: { server: 's', domain: 'D', project: 'P', id: 1 }, isNew: false, user: 'alice', fields: [], statusValues: [] });
    ch.notify('values', { server: { name: 'queued' }, edits: {} });
    await ch.receive({ kind: 'ready' });
    assert.deepEqual(
      posted.map((m) => (m.kind === 'notification' ? m.method : m.kind)),
      ['init', 'values'],
    );
    const values = posted[1];
    assert.ok(values.kind === 'notification' && values.method === 'values');
    assert.deepEqual(values.params.server, { name: 'current' });
  });

  it('early: posts before ready as well (VS Code holds them for the loading page), and ready still sends everything', async () => {
    const sendAll = (c: HostChannel) => {
      c.notify('init', { key: { server: 's', domain: 'D', project: 'P', id: 1 }, isNew: false, user: 'alice', fields: [], statusValues: [] });
      c.notify('values', { server: { name: 'current' }, edits: {} });
      c.notify('status', { lock: { phase: 'read-only' }, dirty: [], problems: [] });
    };
    const { ch, posted } = channel({ early: true, onReady: sendAll });
    sendAll(ch);
    const methods = () => posted.map((m) => (m.kind === 'notification' ? m.method : m.kind));
    assert.deepEqual(methods(), ['init', 'values', 'status'], 'posted at once, in order');
    // A page that missed them (or reloaded) asks again.
    await ch.receive({ kind: 'ready' });
    assert.deepEqual(methods(), ['init', 'values', 'status', 'init', 'values', 'status']);
    ch.reset();
    ch.notify('status', { lock: { phase: 'editing' }, dirty: [], problems: [] });
    assert.equal(posted.length, 7, 'a reloading page gets news at once too');
    ch.dispose();
    ch.notify('status', { lock: { phase: 'read-only' }, dirty: [], problems: [] });
    assert.equal(posted.length, 7, 'nothing after dispose');
  });

  it('early as a function is asked at each notification (the session posts early once the page is set)', () => {
    let pageSet = false;
    const { ch, posted } = channel({ early: () => pageSet, onReady: () => undefined });
    ch.notify('status', { lock: { phase: 'loading' }, dirty: [], problems: [] });
    assert.equal(posted.length, 0, 'queued only while the page is not set');
    pageSet = true;
    ch.notify('status', { lock: { phase: 'read-only' }, dirty: [], problems: [] });
    assert.equal(posted.length, 1);
  });

  it('tells onReady whether the page rendered the state embedded in its HTML', async () => {
    const seen: boolean[] = [];
    const { ch } = channel({ onReady: (_c, ready) => seen.push(ready.embedded) });
    await ch.receive({ kind: 'ready', embedded: true });
    ch.reset();
    await ch.receive({ kind: 'ready' });
    ch.reset();
    // Only `true` counts: anything else from the page is a page that did not render it.
    await ch.receive({ kind: 'ready', embedded: 'yes' });
    assert.deepEqual(seen, [true, false, false]);
  });

  it('answers a request with its handler result, and with an error text when it throws', async () => {
    const { ch, posted, errors } = channel({
      requests: {
        save: async () => 'invalid' as const,
        edit: async () => {
          throw new Error('Locked by bob since 10:00');
        },
      },
    });
    await ch.receive({ kind: 'ready' });
    await ch.receive({ kind: 'request', id: 7, method: 'save', params: {} });
    await ch.receive({ kind: 'request', id: 8, method: 'edit', params: {} });
    assert.deepEqual(posted, [
      { kind: 'reply', id: 7, ok: true, result: 'invalid' },
      { kind: 'reply', id: 8, ok: false, error: 'edit: Locked by bob since 10:00' },
    ]);
    assert.deepEqual(errors, ['edit: Locked by bob since 10:00']);
  });

  it('dispatches commands and ignores malformed messages without answering', async () => {
    const { ch, posted, commands, invalid } = channel();
    await ch.receive({ kind: 'command', method: 'fieldChanged', params: { field: 'priority', value: '3-High' } });
    await ch.receive({ kind: 'command', method: 'openLink', params: { href: 'https://example.com' } });
    await ch.receive({ kind: 'request', id: 'x', method: 'save', params: {} });
    await ch.receive(null);
    assert.deepEqual(commands, ['field priority="3-High"', 'link https://example.com']);
    assert.equal(invalid.length, 2);
    assert.equal(posted.length, 0);
  });

  it('posts nothing after dispose', async () => {
    const { ch, posted } = channel();
    await ch.receive({ kind: 'ready' });
    ch.dispose();
    ch.notify('status', { lock: { phase: 'editing' }, dirty: [], problems: [] });
    await ch.receive({ kind: 'request', id: 1, method: 'save', params: {} });
    assert.equal(posted.length, 0);
  });
});
