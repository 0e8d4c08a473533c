// The tree's error rows for connection failures (issue 41) offer what the sign-in notification
// offers, as inline actions and in the row's context menu: a server behind a certificate signed by
// a private CA offers Trust this CA… and Test Connection, a proxy that refuses offers Enter Proxy
// Credentials… and Test Connection, a server that cannot be reached offers Test Connection. The
// menus are read from package.json and matched against the row's contextValue as VS Code does.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { transportOptions } from '../../../src/config/transport';
import { ConnectionErrorNode } from '../../../src/tree/nodes/messageNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { startTestProxy } from '../../support/proxyServer';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { createTestPki } from '../../support/tlsCertificates';
import { startTlsFront } from '../../support/tlsFront';
import { kids } from '../../unit/tree/fakes';
import { treeOf } from './realTree';
import type { Tree } from './realTree';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
const menus = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { contributes: { menus: { 'view/item/context': MenuEntry[] } } }).contributes.menus['view/item/context'];

/** The commands VS Code shows for a tree row with `contextValue`: inline (hover) and in its context menu. */
function offered(contextValue: string): { inline: string[]; menu: string[] } {
  const shown = menus.filter((m) => {
    const when = /^view == almDefects\.tree && viewItem =~ \/(.+)\/$/.exec(m.when ?? '');
    return when !== null && new RegExp(when[1]).test(contextValue);
  });
  const names = (list: MenuEntry[]) => list.map((m) => m.command.replace(/^almDefects\./, '')).sort();
  return { inline: names(shown.filter((m) => m.group?.startsWith('inline'))), menu: names(shown.filter((m) => !m.group?.startsWith('inline'))) };
}

/** The only row under the server of `tree`: the error the failed load left. */
async function errorRow(tree: Tree): Promise<ConnectionErrorNode> {
  const rows: TreeNode[] = await kids(tree.root.servers()[0]);
  assert.equal(rows.length, 1, `one row under the server, got ${rows.map((r) => r.item().label).join(' | ')}`);
  const [row] = rows;
  assert.ok(row instanceof ConnectionErrorNode, `an error row with fixes, got "${row.item().label}" (${row.item().contextValue})`);
  assert.equal(row.server, 'Demo', 'the commands read the server from the row');
  assert.equal(row.item().command?.command, 'almDefects.refreshNode', 'a click still retries');
  return row;
}

describe('tree integration: error rows offer the fixes of a connection failure', function () {
  this.timeout(60_000);
  let server: RunningServer;
  const trees: Tree[] = [];
  const closers: (() => Promise<void>)[] = [];

  before(async () => {
    server = await startTestServer({ defects: 3 });
  });
  after(async () => {
    for (const t of trees) await t.connection.dispose();
    for (const close of closers) await close();
    await server.close();
  });

  async function tree(...args: Parameters<typeof treeOf>): Promise<Tree> {
    const t = await treeOf(...args);
    trees.push(t);
    return t;
  }

  it('a certificate signed by a private CA: Trust this CA… and Test Connection, the row naming the certificate', async () => {
    const front = await startTlsFront(server.baseUrl, createTestPki('Corp Inspection CA'));
    closers.push(() => front.close());
    const row = await errorRow(await tree(front, 'alice-demo'));
    assert.match(row.item().label, /Corp Inspection CA/);
    assert.deepEqual(offered(row.item().contextValue), { inline: ['testConnection', 'trustCa'], menu: ['testConnection', 'trustCa'] });
  });

  it('a proxy that refuses: Enter Proxy Credentials… and Test Connection', async () => {
    const proxy = await startTestProxy({ user: 'pxuser', password: 'px-secret' });
    closers.push(() => proxy.close());
    const row = await errorRow(await tree(server, 'alice-demo', { domain: 'DEFAULT' }, { proxy: proxy.url, proxyStrictSSL: true, noProxy: [] }));
    assert.deepEqual(offered(row.item().contextValue), { inline: ['enterProxyCredentials', 'testConnection'], menu: ['enterProxyCredentials', 'testConnection'] });
  });

  it('a server that cannot be reached: Test Connection only', async () => {
    // A port that was free a moment ago and is closed again: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const row = await errorRow(await tree({ baseUrl: `http://127.0.0.1:${port}/qcbin` }, 'alice-demo'));
    assert.deepEqual(offered(row.item().contextValue), { inline: ['testConnection'], menu: ['testConnection'] });
  });

  it('a server never signed in: after a sign-in that cannot trust the certificate, the same error row (a click signs in); a CA added forgets it', async () => {
    const pki = createTestPki('Corp Never Signed In CA');
    const front = await startTlsFront(server.baseUrl, pki);
    closers.push(() => front.close());
    const t = await tree(front, undefined);
    const serverRow = t.root.servers()[0];
    t.connection.onDidChange(() => serverRow.connectionChanged());
    assert.deepEqual(
      (await kids(serverRow)).map((r) => r.item().label),
      ['Sign in to Demo…'],
      'nothing tried yet: Sign in',
    );

    await t.connection.signIn('alice-demo').then(
      () => assert.fail('signed in through an untrusted certificate'),
      () => undefined,
    );
    const [row] = await kids(serverRow);
    assert.ok(row instanceof ConnectionErrorNode, `an error row with fixes, got "${row.item().label}" (${row.item().contextValue})`);
    assert.match(row.item().label, /Corp Never Signed In CA/);
    assert.deepEqual(row.item().command?.arguments, [{ server: 'Demo' }]);
    assert.equal(row.item().command?.command, 'almDefects.signIn', 'no password to retry with: a click signs in');
    assert.deepEqual(offered(row.item().contextValue), { inline: ['testConnection', 'trustCa'], menu: ['testConnection', 'trustCa'] });

    // "Trust this CA…" saves the CA file on the entry: the connection is rebuilt and the old error goes.
    const dir = mkdtempSync(join(tmpdir(), 'alm-never-ca-'));
    closers.push(async () => rmSync(dir, { recursive: true, force: true }));
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, pki.caPem);
    const trusted = { ...t.connection.entry, caFile };
    await t.connection.update(trusted, transportOptions(trusted, { proxyStrictSSL: true, noProxy: [] }, pki.caPem));
    assert.deepEqual(
      (await kids(serverRow)).map((r) => r.item().label),
      ['Sign in to Demo…'],
    );
    await t.connection.signIn('alice-demo');
    assert.deepEqual(
      (await kids(serverRow)).map((r) => r.item().label),
      ['DEFAULT'],
    );
  });

  it('other errors offer no fixes', () => {
    assert.deepEqual(offered('alm:message+error'), { inline: [], menu: [] });
  });
});
