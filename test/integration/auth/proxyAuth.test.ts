// A forward proxy on loopback that demands Basic authentication, in front of the real server, and
// the extension's connection layer (ConnectionManager, real AlmClient): a 407 asks once, the answer
// is kept per proxy and survives a reload, a wrong password is named, http.proxyAuthorization is
// sent without a question, a proxy VS Code resolves (system, PAC) is used where no setting names
// one, and a proxy that only speaks Negotiate/NTLM gets a clear message.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProxyAuthError } from '../../../src/api/index';
import { almClientFactory } from '../../../src/auth/clientFactory';
import { ConnectionManager } from '../../../src/auth/connectionManager';
import { ProxyAuth, proxySecretKey } from '../../../src/auth/proxyAuth';
import type { ProxyCredentials, ProxySecretStore } from '../../../src/auth/proxyAuth';
import type { ServerEntry } from '../../../src/config/servers';
import type { HttpSettings } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import { startTestProxy } from '../../support/proxyServer';
import type { TestProxy } from '../../support/proxyServer';
import { MapVault, RecordingSink } from '../../unit/tree/fakes';
import { startApiTestServer } from '../api/harness';
import type { TestServer } from '../api/harness';

class MapStore implements ProxySecretStore {
  readonly map = new Map<string, string>();
  get(k: string): Promise<string | undefined> {
    return Promise.resolve(this.map.get(k));
  }
  set(k: string, v: string): Promise<void> {
    this.map.set(k, v);
    return Promise.resolve();
  }
  delete(k: string): Promise<void> {
    this.map.delete(k);
    return Promise.resolve();
  }
}

interface World {
  manager: ConnectionManager;
  sink: RecordingSink;
  asked: string[];
}

describe('auth integration: a proxy that asks for credentials (407)', () => {
  let server: TestServer;
  let proxy: TestProxy;
  let entry: ServerEntry;
  const worlds: World[] = [];

  before(async () => {
    server = await startApiTestServer();
    proxy = await startTestProxy({ user: 'pxuser', password: 'px-secret-9' });
    entry = { name: 'Demo', url: server.baseUrl, username: 'alice' };
  });
  after(async () => {
    for (const w of worlds) await w.manager.dispose();
    await proxy.close();
    await server.close();
  });

  async function world(store: MapStore, answers: (ProxyCredentials | undefined)[], http: Partial<HttpSettings> = {}, proxyUrl = proxy.url): Promise<World> {
    const sink = new RecordingSink();
    const log = Log.create(sink);
    const asked: string[] = [];
    const vault = new MapVault();
    await vault.set(entry, 'alice-demo');
    const prompt = (p: string) => {
      asked.push(p);
      return Promise.resolve(answers.shift());
    };
    const manager = new ConnectionManager({ vault, factory: almClientFactory(log), log, readCa: () => Promise.resolve(undefined), env: {}, proxyAuth: new ProxyAuth(store, () => prompt, log) });
    await manager.configure([entry], { proxy: proxyUrl, proxyStrictSSL: true, noProxy: [], ...http });
    const w = { manager, sink, asked };
    worlds.push(w);
    return w;
  }

  it('asks once for concurrent requests, stores the answer per proxy, and works again after a reload without asking', async () => {
    const store = new MapStore();
    const first = await world(store, [{ username: 'pxuser', password: 'px-secret-9' }]);
    const c = first.manager.get('Demo');
    assert.ok(c);
    const [a, b] = await Promise.all([c.domains(), c.domains()]);
    assert.ok(a.length >= 2 && b.length >= 2);
    assert.deepEqual(first.asked, [proxy.url], 'one question for both requests');
    assert.ok(store.map.has(proxySecretKey(proxy.url)), 'kept in SecretStorage, under the proxy');
    assert.ok(!first.sink.lines.some((l) => l.includes('px-secret-9') || l.includes(Buffer.from('pxuser:px-secret-9').toString('base64'))), 'nothing secret in the log');
    // A reload: a new manager over the same SecretStorage.
    const reloaded = await world(store, []);
    assert.ok((await reloaded.manager.get('Demo')?.domains())?.length);
    assert.deepEqual(reloaded.asked, [], 'no question after a reload');
  });

  it('names a wrong password and does not ask again on its own', async () => {
    const w = await world(new MapStore(), [{ username: 'pxuser', password: 'wrong' }]);
    const c = w.manager.get('Demo');
    assert.ok(c);
    const err = await c.domains().catch((e: unknown) => e);
    assert.ok(err instanceof ProxyAuthError, String(err));
    assert.match(err.message, /did not accept the user name and password/);
    await assert.rejects(c.domains(), ProxyAuthError);
    assert.equal(w.asked.length, 1, 'asked once, not on every request');
  });

  it('sends http.proxyAuthorization without asking', async () => {
    const header = `Basic ${Buffer.from('pxuser:px-secret-9').toString('base64')}`;
    const w = await world(new MapStore(), [], { proxyAuthorization: header });
    assert.ok((await w.manager.get('Demo')?.domains())?.length);
    assert.deepEqual(w.asked, []);
  });

  it('a proxy VS Code resolves (system settings or a PAC script): used when no setting names one, asked once, and left alone with http.proxySupport "off"', async () => {
    // Stands for VS Code's resolver (src/config/systemProxy.ts): desktop VS Code evaluates the PAC
    // script in its window and answers "PROXY 127.0.0.1:port"; @vscode/proxy-agent hands that over
    // as the proxy's URL with the source "system". Everything after it is real: the client, the
    // authenticating proxy and the ALM server.
    const resolved: string[] = [];
    const pac = (url: string) => {
      resolved.push(url);
      return Promise.resolve({ url: proxy.url, source: 'system' });
    };
    const make = async (http: Partial<HttpSettings>) => {
      const log = Log.create(new RecordingSink());
      const asked: string[] = [];
      const vault = new MapVault();
      await vault.set(entry, 'alice-demo');
      const prompt = (p: string) => {
        asked.push(p);
        return Promise.resolve<ProxyCredentials | undefined>({ username: 'pxuser', password: 'px-secret-9' });
      };
      const manager = new ConnectionManager({
        vault,
        factory: almClientFactory(log),
        log,
        readCa: () => Promise.resolve(undefined),
        env: {},
        systemProxy: pac,
        proxyAuth: new ProxyAuth(new MapStore(), () => prompt, log),
      });
      await manager.configure([entry], { proxyStrictSSL: true, noProxy: [], ...http });
      worlds.push({ manager, sink: new RecordingSink(), asked });
      return { manager, asked };
    };
    const target = new URL(server.baseUrl).host;

    const through = await make({});
    const seenBefore = proxy.seen.length;
    assert.ok((await through.manager.get('Demo')?.domains())?.length, 'read through the resolved proxy');
    assert.ok(resolved.includes(entry.url), 'VS Code was asked for the server URL');
    assert.ok(
      proxy.seen.slice(seenBefore).some((l) => l.includes(target)),
      'the requests went through the proxy',
    );
    assert.deepEqual(through.asked, [proxy.url], "the proxy's 407 asked once");

    const off = await make({ proxySupport: 'off' });
    const seenOff = proxy.seen.length;
    resolved.length = 0;
    assert.ok((await off.manager.get('Demo')?.domains())?.length, 'read directly');
    assert.deepEqual(resolved, [], 'VS Code not asked');
    assert.equal(proxy.seen.length, seenOff, 'nothing through the proxy');
  });

  it('explains a proxy that only offers Negotiate/NTLM instead of asking for a password', async () => {
    const ntlm = createServer();
    ntlm.on('connect', (_req, socket) => {
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Negotiate\r\nProxy-Authenticate: NTLM\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => ntlm.listen(0, '127.0.0.1', resolve));
    try {
      const w = await world(new MapStore(), [], {}, `http://127.0.0.1:${(ntlm.address() as AddressInfo).port}`);
      const err = await w.manager
        .get('Demo')
        ?.domains()
        .catch((e: unknown) => e);
      assert.ok(err instanceof ProxyAuthError, String(err));
      assert.match(err.message, /asks for Negotiate, NTLM .*http\.proxyAuthorization/);
      assert.deepEqual(w.asked, []);
    } finally {
      ntlm.closeAllConnections();
      await new Promise<void>((resolve) => ntlm.close(() => resolve()));
    }
  });
});
