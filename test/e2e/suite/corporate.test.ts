// Corporate networks in a real VS Code (issue 41), through the prompts a user answers:
// - a server behind a TLS certificate signed by a private CA: the first sign-in fails naming the
//   certificate and offers "Trust this CA…"; choosing it and the CA's file signs in again and reads;
// - a server behind an HTTP proxy (set in http.proxy) that asks for credentials: the 407 asks for
//   the proxy's user and password once, the sign-in goes on and reads through the proxy; a mistyped
//   proxy password is said so and "Enter Proxy Credentials…" asks again; rebuilt from settings and
//   SecretStorage (as a reload does; this web workbench's SecretStorage does not outlive a real
//   reload), the connection reads through the proxy without asking.
// - a site that signs in through SSO (the run's second ALM server, --sso): the refused password
//   says an API key is the way in and offers "Use an API Key" (and the My API Key page), which
//   switches the entry to the key.
// The CA, the TLS front and the proxy are made by the test on loopback (node's crypto, the `proxy` package).
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ServerEntry } from '../../../src/config/servers';
import { startTestProxy } from '../../support/proxyServer';
import type { TestProxy } from '../../support/proxyServer';
import { vscodeProxyResolver } from '../../../src/config/systemProxy';
import { createTestPki } from '../../support/tlsCertificates';
import { startTlsFront } from '../../support/tlsFront';
import type { TlsFront } from '../../support/tlsFront';
import { e2eAlmServer } from '../environment';
import { activate, configuredServers, readsThrough as reads, removeAddedServers, savedServer as saved, usePrompts } from './support';
import { eventually } from '../../support/eventually';

type Result = { ok: boolean; message?: string; cancelled?: boolean };

const accounts = async (): Promise<string[]> => (await vscode.authentication.getAccounts('alm')).map((a) => a.label);

/** Adds a server entry as a user editing settings.json would, next to the run's Demo entry. */
async function addEntry(entry: ServerEntry): Promise<void> {
  await vscode.workspace.getConfiguration('almDefects').update('servers', [...configuredServers(), entry], vscode.ConfigurationTarget.Workspace);
  await eventually(`the entry ${entry.name} in settings`, () => saved(entry.name));
}

/** Runs the sign-in command for `name`, once the extension has read the new entry (until then it answers "cancelled": no such server). */
async function signIn(name: string): Promise<Result> {
  return eventually(`a sign-in to ${name}`, async () => {
    const result = await vscode.commands.executeCommand<Result>('almDefects.signIn', { server: name });
    return result.cancelled ? undefined : result;
  });
}

describe('corporate networks: a private CA, an authenticating proxy and an SSO site', function () {
  this.timeout(180_000);
  const added: string[] = [];

  before(async () => {
    await activate();
  });

  after(async () => {
    await removeAddedServers(added);
  });

  it('a certificate signed by a private CA: the sign-in names it, "Trust this CA…" with the CA file signs in', async () => {
    const pki = createTestPki('E2E Corporate Inspection CA');
    const dir = mkdtempSync(join(tmpdir(), 'alm-corp-ca-'));
    const caFile = join(dir, 'corporate-ca.pem');
    writeFileSync(caFile, pki.caPem);
    const bob = e2eAlmServer().users[1];
    let front: TlsFront | undefined;
    const failures: { message: string; actions: string[] }[] = [];
    let passwordsAsked = 0;
    const prompts = usePrompts({
      auth: {
        secret: async () => {
          passwordsAsked++;
          return bob.password;
        },
        // The notification's buttons: the user chooses "Trust this CA…".
        failureAction: async (message, actions) => {
          failures.push({ message, actions });
          return actions.find((a) => a === 'Trust this CA…');
        },
        caFile: async () => caFile,
      },
    });
    try {
      front = await startTlsFront(e2eAlmServer().baseUrl, pki);
      added.push('Corp TLS');
      await addEntry({ name: 'Corp TLS', url: front.baseUrl, username: bob.username });

      const first = await signIn('Corp TLS');
      assert.equal(first.ok, false, 'the first sign-in cannot trust the certificate');
      assert.match(first.message ?? '', /E2E Corporate Inspection CA/, 'the failure names the certificate');
      // "Trust this CA…" makes the chosen file the entry's caFile and signs in again.
      await eventually('the CA file saved on the entry', () => saved('Corp TLS')?.caFile === caFile);
      await eventually('signed in to Corp TLS as bob', async () => (await accounts()).includes(`${bob.username} (Corp TLS)`), 60_000);
      assert.equal(failures.length, 1, `one failure only: ${failures.map((f) => f.message).join(' | ')}`);
      assert.ok(failures[0].actions.includes('Trust this CA…') && failures[0].actions.includes('Test Connection'), failures[0].actions.join(', '));
      assert.equal(passwordsAsked, 2, 'the password was asked for the first sign-in and for the one after trusting');
      assert.ok(await reads('Corp TLS'), 'a defect read through the TLS front');
      assert.ok(front.forwarded() > 0, 'the requests went through the TLS front');
      assert.equal(saved('Corp TLS')?.rejectUnauthorized, undefined, 'verification stays on');
    } finally {
      prompts.dispose();
      await front?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a proxy that asks for credentials (407): asked once, then the sign-in and the reads go through it', async () => {
    const bob = e2eAlmServer().users[1];
    const http = vscode.workspace.getConfiguration('http');
    let proxy: TestProxy | undefined;
    const asked: string[] = [];
    const prompts = usePrompts({
      auth: {
        secret: async () => bob.password,
        proxyCredentials: async (proxyUrl) => {
          asked.push(proxyUrl);
          return { username: 'corp-user', password: 'corp-proxy-secret' };
        },
        // A failure would be answered by dismissing its notification (the result says what failed).
        failureAction: async () => undefined,
      },
    });
    try {
      proxy = await startTestProxy({ user: 'corp-user', password: 'corp-proxy-secret' });
      await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      added.push('Corp proxy');
      await addEntry({ name: 'Corp proxy', url: e2eAlmServer().baseUrl, username: bob.username });

      const result = await signIn('Corp proxy');
      assert.equal(result.ok, true, result.message);
      assert.ok(await reads('Corp proxy'), 'a defect read through the proxy');
      const target = new URL(e2eAlmServer().baseUrl).host;
      assert.ok(
        proxy.seen.some((s) => s.includes(target)),
        `the requests went through the proxy: ${proxy.seen.slice(0, 5).join(', ')}`,
      );
      assert.deepEqual(asked, [proxy.url], 'the proxy credentials were asked once, for that proxy');
    } finally {
      prompts.dispose();
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await proxy?.close();
    }
  });
  it('a wrong proxy password: a clear message offering "Enter Proxy Credentials…", which signs in; rebuilt from settings and SecretStorage (as after a reload) it reads asking nothing', async () => {
    const bob = e2eAlmServer().users[1];
    const http = vscode.workspace.getConfiguration('http');
    let proxy: TestProxy | undefined;
    const asked: string[] = [];
    let passwordsAsked = 0;
    const failures: { message: string; actions: string[] }[] = [];
    const prompts = usePrompts({
      auth: {
        secret: async () => {
          passwordsAsked++;
          return bob.password;
        },
        // The user mistypes the proxy password first, and types it right when asked again.
        proxyCredentials: async (proxyUrl) => {
          asked.push(proxyUrl);
          return { username: 'corp-user', password: asked.length === 1 ? 'corp-proxy-typo' : 'corp-proxy-right' };
        },
        failureAction: async (message, actions) => {
          failures.push({ message, actions });
          return actions.find((a) => a === 'Enter Proxy Credentials…');
        },
      },
    });
    const name = 'Corp proxy typo';
    try {
      // The proxy first: the entry's connection is made with it (the settings are applied in turn).
      proxy = await startTestProxy({ user: 'corp-user', password: 'corp-proxy-right' });
      await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      added.push(name);
      await addEntry({ name, url: e2eAlmServer().baseUrl, username: bob.username });
      // bob's password on this server is stored by the test before (one secret per URL and user):
      // signed out first (nothing is sent: no session yet), so that only the sign-ins below sign in.
      await eventually(`signed out of ${name}`, async () => (await vscode.commands.executeCommand<Result>('almDefects.signOut', { server: name })).ok);
      await eventually(`${name} out of the accounts`, async () => !(await accounts()).includes(`${bob.username} (${name})`));

      const first = await signIn(name);
      assert.equal(first.ok, false, 'the mistyped proxy password is refused');
      assert.match(first.message ?? '', /did not accept the user name and password \(HTTP 407\)\. Enter them again/);
      // "Enter Proxy Credentials…" asks again, and the sign-in is tried again at once (the password asked again).
      await eventually('the sign-in tried again', () => passwordsAsked === 2, 60_000);
      await eventually(`a defect read through ${name}`, () => reads(name), 60_000);
      assert.equal(failures.length, 1, failures.map((f) => f.message).join(' | '));
      assert.ok(failures[0].actions.includes('Enter Proxy Credentials…'), failures[0].actions.join(', '));
      assert.deepEqual(asked, [proxy.url, proxy.url], 'asked once, then again when the user chose to');

      // As after a reload: the entry leaves the settings and comes back; its new connection takes the
      // ALM password and the proxy's credentials from SecretStorage and asks for neither.
      const entry = saved(name);
      assert.ok(entry);
      await vscode.workspace.getConfiguration('almDefects').update(
        'servers',
        configuredServers().filter((s) => s.name !== name),
        vscode.ConfigurationTarget.Workspace,
      );
      await eventually(`${name} gone from the accounts`, async () => !(await accounts()).includes(`${bob.username} (${name})`));
      const seenBefore = proxy.seen.length;
      await addEntry(entry);
      await eventually(`a defect read through ${name} again`, () => reads(name), 60_000);
      assert.ok(proxy.seen.length > seenBefore, 'the new connection went through the proxy');
      assert.equal(asked.length, 2, 'the proxy credentials were not asked again');
      assert.equal(passwordsAsked, 2, 'the ALM password was asked for the two sign-ins only');
    } finally {
      prompts.dispose();
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await proxy?.close();
    }
  });

  it("VS Code's own proxy resolution is reached in this extension host, follows its settings, and keeps loopback direct", async () => {
    // What the extension asks where no explicit setting names a proxy (system settings, PAC): the
    // resolver of the extension host's @vscode/proxy-agent. In this remote (web) host it answers
    // from http.proxy and the environment only; system and PAC proxies are resolved by desktop
    // VS Code's window (see README, Corporate networks).
    const resolve = vscodeProxyResolver();
    assert.ok(resolve, 'this extension host offers resolveProxyByURL');
    const http = vscode.workspace.getConfiguration('http');
    try {
      await http.update('proxy', 'http://proxy.corp.example:3128', vscode.ConfigurationTarget.Global);
      const found = await eventually('VS Code resolving with the new http.proxy', async () => {
        const r = await resolve('https://alm.corp.example/qcbin');
        return r?.url === 'http://proxy.corp.example:3128' ? r : undefined;
      });
      assert.equal(found.source, 'setting');
      assert.equal((await resolve('http://127.0.0.1:8080/qcbin'))?.url, undefined, "loopback is direct in VS Code's resolver");
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
    }
    await eventually('VS Code resolving without http.proxy (direct)', async () => (await resolve('https://alm.corp.example/qcbin'))?.url === undefined);
  });

  it('a site that signs in through SSO: the refused password offers "Use an API Key", which switches the entry and signs in', async () => {
    const server = e2eAlmServer();
    assert.ok(server.ssoBaseUrl, 'the launcher started the SSO server');
    const alice = server.users[0];
    const key = server.apiKeys?.find((k) => k.user === 'alice');
    assert.ok(key, 'the demo API key of alice');
    const failures: { message: string; actions: string[] }[] = [];
    const prompts = usePrompts({
      auth: {
        secret: async (entry) => (entry.auth === 'apiKey' ? key.secret : alice.password),
        account: async (_title, kind) => (kind === 'apiKey' ? key.clientId : assert.fail('asked for a user name')),
        failureAction: async (message, actions) => {
          failures.push({ message, actions });
          return actions.find((a) => a === 'Use an API Key');
        },
      },
    });
    try {
      added.push('Corp SSO');
      await addEntry({ name: 'Corp SSO', url: server.ssoBaseUrl, username: alice.username });
      const first = await signIn('Corp SSO');
      assert.equal(first.ok, false, 'the SSO site refuses the password');
      assert.match(first.message ?? '', /SSO.*API key/s);
      await eventually('the entry switched to the API key', () => saved('Corp SSO')?.auth === 'apiKey' && saved('Corp SSO')?.clientId === key.clientId, 60_000);
      assert.equal(failures.length, 1);
      assert.ok(failures[0].actions.includes('Use an API Key'), failures[0].actions.join(', '));
      // The page where users of such a site create their own key, beside the switch to it.
      assert.ok(failures[0].actions.includes('Open My API Key Page'), failures[0].actions.join(', '));
      const page = await vscode.commands.executeCommand<{ ok: boolean; url?: string }>('almDefects.openApiKeyPage', { server: 'Corp SSO', launch: false });
      assert.equal(page.url, `${server.ssoBaseUrl}/apikey-management/`);
      // The entry's switch to the key starts a sign-in of its own; a read while it runs may wait for it and fail once on a loaded machine.
      await eventually('a defect read with the API key', () => reads('Corp SSO'), 60_000);
      await eventually("the Accounts menu names the key's user", async () => (await accounts()).includes(`${alice.username} (Corp SSO)`));
    } finally {
      prompts.dispose();
    }
  });
});
