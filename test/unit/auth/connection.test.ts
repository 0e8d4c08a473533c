import * as assert from 'node:assert/strict';
import { NetworkError } from '../../../src/api';
import { NotSignedInError, ServerConnection } from '../../../src/auth/connection';
import { ConnectionManager } from '../../../src/auth/connectionManager';
import { transportOptions } from '../../../src/config/transport';
import { UnknownServerError } from '../../../src/config/servers';
import type { ServerEntry } from '../../../src/config/servers';
import type { HttpSettings } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import { DEMO_ENTRY, FakeWorld, MapVault, RecordingSink } from '../tree/fakes';

const HTTP: HttpSettings = { proxyStrictSSL: true, noProxy: [] };

function connection(world: FakeWorld, vault: MapVault, sink = new RecordingSink()): ServerConnection {
  return new ServerConnection(DEMO_ENTRY, transportOptions(DEMO_ENTRY, HTTP, undefined), vault, world.factory, Log.create(sink));
}

describe('server connection', () => {
  it('is signed out without a stored password and sends nothing', async () => {
    const world = new FakeWorld();
    const c = connection(world, new MapVault());
    await c.loadPassword();
    assert.equal(c.status, 'signed-out');
    await assert.rejects(c.domains(), (e: unknown) => e instanceof NotSignedInError && !e.refused);
    assert.equal(world.clients.length, 0);
    assert.equal(c.signInAttempts, 0);
  });

  it('signs in lazily with the stored password and reports signed-in', async () => {
    const world = new FakeWorld();
    const vault = new MapVault();
    await vault.set(DEMO_ENTRY, 'secret');
    const c = connection(world, vault);
    await c.loadPassword();
    assert.equal(c.status, 'ready');
    const domains = await c.domains();
    assert.deepEqual(
      domains.map((d) => d.name),
      ['DEFAULT', 'QA'],
    );
    assert.equal(c.status, 'signed-in');
    assert.equal(c.signInAttempts, 1);
  });

  it('never re-sends a refused password: later requests fail fast until an explicit sign-in', async () => {
    const world = new FakeWorld();
    const vault = new MapVault();
    await vault.set(DEMO_ENTRY, 'old-password');
    const sink = new RecordingSink();
    const c = connection(world, vault, sink);
    await c.loadPassword();
    await assert.rejects(c.domains(), /password is wrong/);
    assert.equal(c.status, 'failed');
    assert.match(c.problem ?? '', /password is wrong/);
    for (let i = 0; i < 5; i++) await assert.rejects(c.domains(), (e: unknown) => e instanceof NotSignedInError && e.refused);
    assert.equal(c.signInAttempts, 1, 'one attempt, however often the tree asks');
    assert.equal(world.clients[0].signIns, 1);
    assert.ok(!sink.lines.some((l) => l.includes('old-password')), 'the password never reaches the log');

    // A wrong password typed by the user is not stored and does not unblock.
    await assert.rejects(c.signIn('still-wrong'), /password is wrong/);
    assert.equal(await vault.get(DEMO_ENTRY), 'old-password');
    assert.equal(c.status, 'failed');

    await c.signIn('secret');
    assert.equal(await vault.get(DEMO_ENTRY), 'secret');
    assert.equal(c.status, 'signed-in');
    assert.deepEqual(
      (await c.domains()).map((d) => d.name),
      ['DEFAULT', 'QA'],
    );
    const kept = world.clients[world.clients.length - 1];
    assert.equal(kept.signIns, 1, 'the client that checked the password is kept, no second sign-in');
  });

  it('does not store a password when the server cannot be reached', async () => {
    const world = new FakeWorld();
    const vault = new MapVault();
    const c = connection(world, vault);
    await c.loadPassword();
    world.unreachable = new NetworkError('alm.test refused the connection.', 'ECONNREFUSED');
    await assert.rejects(c.signIn('secret'), /refused the connection/);
    assert.equal(await vault.get(DEMO_ENTRY), undefined);
    assert.equal(c.status, 'signed-out');
    assert.equal(world.clients[0].disposed, true, 'the candidate client is closed');
  });

  it('sign-out forgets the password and closes the client', async () => {
    const world = new FakeWorld();
    const vault = new MapVault();
    const c = connection(world, vault);
    await c.signIn('secret');
    await c.signOut();
    assert.equal(await vault.get(DEMO_ENTRY), undefined);
    assert.equal(world.clients[0].disposed, true);
    assert.equal(c.status, 'signed-out');
  });

  it('stays signed out when a read of the secret that began before Sign Out ends after it (the secret-change event races it)', async () => {
    // VS Code fires the secret-change event while Sign Out deletes the secret; the read it starts (or
    // one begun a moment earlier) can answer with the old secret after Sign Out has finished.
    const world = new FakeWorld();
    const vault = new GatedVault();
    const c = connection(world, vault);
    await c.signIn('secret');
    vault.holdReads = true;
    const staleRead = c.loadPassword();
    const signOut = c.signOut();
    vault.releaseReads();
    await Promise.all([staleRead, signOut]);
    assert.equal(c.status, 'signed-out');
    assert.equal(c.account.startsWith('API key'), false);
    await assert.rejects(c.domains(), (e: unknown) => e instanceof NotSignedInError);
  });

  it('keeps the client it signed in with when the secret-change event of its own sign-in is read late', async () => {
    const world = new FakeWorld();
    const vault = new GatedVault();
    const c = connection(world, vault);
    await c.loadPassword();
    vault.holdReads = true;
    const staleRead = c.loadPassword();
    const signIn = c.signIn('secret');
    // The fakes answer at once: one turn of the event loop lets the sign-in run as far as it can.
    await new Promise((resolve) => setImmediate(resolve));
    vault.releaseReads();
    await Promise.all([staleRead, signIn]);
    assert.equal(c.status, 'signed-in');
    await c.domains();
    assert.equal(world.clients.filter((x) => x.disposed).length, 0, 'the signed-in client was not dropped');
  });

  it('rebuilds the client when proxy or TLS settings change, not otherwise', async () => {
    const world = new FakeWorld();
    const c = connection(world, new MapVault());
    await c.signIn('secret');
    await c.domains();
    await c.update({ ...DEMO_ENTRY }, transportOptions(DEMO_ENTRY, HTTP, undefined));
    assert.equal(world.clients[0].disposed, false);
    await c.update({ ...DEMO_ENTRY }, transportOptions(DEMO_ENTRY, { ...HTTP, proxy: 'http://proxy:3128' }, undefined));
    assert.equal(world.clients[0].disposed, true);
    assert.equal(c.status, 'ready');
    await c.domains();
    assert.equal(world.clients.length, 2, 'a new client for the new settings');
  });

  it('picks up a password stored by another window', async () => {
    const world = new FakeWorld();
    const vault = new MapVault();
    const c = connection(world, vault);
    await c.loadPassword();
    assert.equal(c.status, 'signed-out');
    await vault.set(DEMO_ENTRY, 'secret');
    await c.loadPassword();
    assert.equal(c.status, 'ready');
    assert.equal((await c.domains()).length, 2);
  });
});

/** A vault whose reads can be held and answered later with the value they found when they began. */
class GatedVault extends MapVault {
  holdReads = false;
  private held: (() => void)[] = [];
  override get(e: ServerEntry): Promise<string | undefined> {
    const value = super.get(e);
    if (!this.holdReads) return value;
    return new Promise((resolve) => this.held.push(() => resolve(value)));
  }
  releaseReads(): void {
    this.holdReads = false;
    for (const answer of this.held.splice(0)) answer();
  }
}

describe('connection manager', () => {
  it('adds, updates and removes connections from settings; dispose closes every client', async () => {
    const world = new FakeWorld();
    const vault = new MapVault();
    await vault.set(DEMO_ENTRY, 'secret');
    const manager = new ConnectionManager({ vault, factory: world.factory, log: Log.create(new RecordingSink()), readCa: async () => undefined });
    let listChanges = 0;
    manager.onDidChangeServers(() => listChanges++);
    const other = { name: 'Other', url: 'http://other.test/qcbin', username: 'bob' };
    await manager.configure([DEMO_ENTRY, other], HTTP);
    assert.deepEqual(
      manager.all().map((c) => c.name),
      ['Demo', 'Other'],
    );
    assert.equal(manager.get('Demo')?.status, 'ready');
    assert.equal(manager.get('Other')?.status, 'signed-out');
    assert.equal(listChanges, 1);
    await manager.get('Demo')?.domains();
    await manager.configure([other], HTTP);
    assert.deepEqual(
      manager.all().map((c) => c.name),
      ['Other'],
    );
    assert.equal(world.clients[0].disposed, true, 'removing a server closes its client');
    assert.equal(listChanges, 2);
    await manager.configure([other], HTTP);
    assert.equal(listChanges, 2, 'no change, no event');
    await manager.dispose();
  });

  it('finds a project by its reference, after the settings being applied, and names an unknown server in the one message', async () => {
    const world = new FakeWorld();
    const vault = new MapVault();
    await vault.set(DEMO_ENTRY, 'secret');
    const manager = new ConnectionManager({ vault, factory: world.factory, log: Log.create(new RecordingSink()), readCa: async () => undefined });
    // Not awaited: a panel restored at start-up asks before the settings are applied.
    const configuring = manager.configure([DEMO_ENTRY], HTTP);
    const api = await manager.project({ server: 'Demo', domain: 'DEFAULT', project: 'Demo' });
    assert.deepEqual([api.domain, api.project], ['DEFAULT', 'Demo']);
    await configuring;
    assert.equal((await manager.connection('Demo')).name, 'Demo');
    await assert.rejects(manager.project({ server: 'Nope', domain: 'DEFAULT', project: 'Demo' }), (e: unknown) => {
      assert.ok(e instanceof UnknownServerError);
      assert.equal(e.server, 'Nope');
      assert.equal(e.message, 'No ALM server named "Nope" is configured.');
      return true;
    });
    await manager.dispose();
  });

  it('reads the CA file into the TLS options and rebuilds when its content changes', async () => {
    const world = new FakeWorld();
    const seen: string[] = [];
    let ca = 'PEM-1';
    const factory: typeof world.factory = (entry, credentials, transport) => {
      seen.push(String(transport.tls.ca));
      return world.factory(entry, credentials, transport);
    };
    const manager = new ConnectionManager({ vault: new MapVault(), factory, log: Log.create(new RecordingSink()), readCa: async () => ca });
    const entry = { ...DEMO_ENTRY, caFile: '/etc/ca.pem' };
    await manager.configure([entry], HTTP);
    await manager.get('Demo')?.signIn('secret');
    ca = 'PEM-2';
    await manager.configure([entry], HTTP);
    await manager.get('Demo')?.domains();
    assert.deepEqual(seen, ['PEM-1', 'PEM-2']);
    await manager.dispose();
  });
});

describe('server connection during an explicit sign-in', () => {
  it('makes requests started meanwhile wait for it instead of failing "not signed in"', async () => {
    const world = new FakeWorld();
    const c = connection(world, new MapVault());
    await c.loadPassword();
    const signingIn = c.signIn('secret');
    assert.equal(c.status, 'signing-in');
    const domains = c.domains();
    await signingIn;
    assert.deepEqual(
      (await domains).map((d) => d.name),
      ['DEFAULT', 'QA'],
    );
  });
});

describe('server connection with an API key and no user name (issue 29)', () => {
  const KEY_ENTRY: ServerEntry = { name: 'Core16', url: 'http://alm.test/qcbin', username: '', auth: 'apiKey', clientId: 'key-1' };

  function keyConnection(world: FakeWorld, vault: MapVault): ServerConnection {
    return new ServerConnection(KEY_ENTRY, transportOptions(KEY_ENTRY, HTTP, undefined), vault, world.factory, Log.create(new RecordingSink()));
  }

  it('names the user the server gave at sign-in as "me" and as the account, already when it reports signed-in', async () => {
    const world = new FakeWorld();
    world.keyUsers.set('key-1', 'alice');
    const c = keyConnection(world, new MapVault());
    await c.loadPassword();
    assert.equal(c.account, 'API key key-1', 'before a sign-in only the key is known');
    const shown: string[] = [];
    c.onDidChange(() => shown.push(`${c.status}: ${c.account}`));
    await c.signIn('secret');
    assert.equal(c.username, 'alice');
    assert.equal(c.account, 'alice');
    assert.deepEqual(shown, ['signing-in: API key key-1', 'signed-in: alice'], 'the status bar and Accounts menu redraw on these events');
  });

  it('names the user after a sign-in with the stored key (the first request), and forgets it at sign-out', async () => {
    const world = new FakeWorld();
    world.keyUsers.set('key-1', 'bob');
    const vault = new MapVault();
    await vault.set(KEY_ENTRY, 'secret');
    const c = keyConnection(world, vault);
    await c.loadPassword();
    const shown: string[] = [];
    c.onDidChange(() => shown.push(`${c.status}: ${c.account}`));
    await c.domains();
    assert.equal(c.username, 'bob');
    assert.deepEqual(shown, ['signing-in: API key key-1', 'signed-in: bob']);
    await c.signOut();
    assert.equal(c.username, '');
    assert.equal(c.account, 'API key key-1');
  });
});
