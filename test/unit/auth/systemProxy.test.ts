// VS Code's proxy resolution (system settings, PAC) is asked only where no explicit setting names a
// proxy, and not at all with http.proxySupport "off".
import * as assert from 'node:assert/strict';
import { ConnectionManager } from '../../../src/auth/connectionManager';
import { explainProxy } from '../../../src/api';
import type { HttpSettings } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import { DEMO_ENTRY, FakeWorld, MapVault, RecordingSink } from '../tree/fakes';

describe('auth: VS Code proxy resolution', () => {
  async function manager(http: HttpSettings, env: Record<string, string> = {}): Promise<{ m: ConnectionManager; asked: string[] }> {
    const asked: string[] = [];
    const m = new ConnectionManager({
      vault: new MapVault(),
      factory: new FakeWorld().factory,
      log: Log.create(new RecordingSink()),
      readCa: () => Promise.resolve(undefined),
      env,
      systemProxy: (url) => {
        asked.push(url);
        return Promise.resolve({ url: 'http://pac-proxy:8080', source: 'system' });
      },
    });
    await m.configure([DEMO_ENTRY], http);
    return { m, asked };
  }

  it('uses the proxy VS Code resolves when nothing explicit names one, and says so', async () => {
    const { m } = await manager({ proxyStrictSSL: true, noProxy: [] });
    const t = await m.transportFor(DEMO_ENTRY);
    assert.equal(t.proxy.url, 'http://pac-proxy:8080');
    assert.match(explainProxy(new URL(DEMO_ENTRY.url), t.proxy).reason, /VS Code's proxy resolution \(system\)/);
    await m.dispose();
  });

  it('lets http.proxy and the environment win, and stays out with http.proxySupport "off"', async () => {
    const bySetting = await manager({ proxyStrictSSL: true, noProxy: [], proxy: 'http://explicit:3128' });
    assert.equal((await bySetting.m.transportFor(DEMO_ENTRY)).proxy.url, 'http://explicit:3128');
    assert.deepEqual(bySetting.asked, []);
    const byEnv = await manager({ proxyStrictSSL: true, noProxy: [] }, { HTTPS_PROXY: 'http://env:3128', HTTP_PROXY: 'http://env:3128' });
    assert.equal(await byEnv.m.proxyFor(DEMO_ENTRY), 'http://env:3128');
    assert.deepEqual(byEnv.asked, []);
    const off = await manager({ proxyStrictSSL: true, noProxy: [], proxySupport: 'off' });
    assert.equal(await off.m.proxyFor(DEMO_ENTRY), undefined);
    assert.deepEqual(off.asked, []);
    for (const x of [bySetting, byEnv, off]) await x.m.dispose();
  });
});
