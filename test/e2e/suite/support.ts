// Shared by every extension-host suite: the activated extension, alice (or another user) signed in
// through the sign-in command, bob's own client for changes "by someone else". Polling is test/support/eventually's.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AlmClient } from '../../../src/api/index';
import { almClientAs } from '../support/almClientAs';
import type { ProjectApi } from '../../../src/api/index';
import type { UploadReport } from '../../../src/attachments';
import type { BatchProgress, ConflictChoice } from '../../../src/attachments/transfer/upload';
import type { DefectRef } from '../../../src/defects/refs';
import type { ServerEntry } from '../../../src/config/servers';
import type { AlmDefectsApi, ExtensionPrompts } from '../../../src/extension';
import { e2eAlmServer } from '../environment';

const EXTENSION_ID = 'alm-defects.alm-defects';
export const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

/** Activates the extension and waits until it has read the workspace settings; returns what activate() returned. */
export async function activate(): Promise<AlmDefectsApi> {
  const ext = vscode.extensions.getExtension<AlmDefectsApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  const api = await ext.activate();
  await api.ready;
  return api;
}

/** Answers some of the extension's questions (its test mode) until the returned Disposable is disposed. */
export function usePrompts(answers: Partial<ExtensionPrompts>): vscode.Disposable {
  const api = vscode.extensions.getExtension<AlmDefectsApi>(EXTENSION_ID)?.exports;
  assert.ok(api?.usePrompts, 'the extension is active and runs in test mode');
  return api.usePrompts(answers);
}

/** Runs the sign-in command for `server`, answering its password prompt with `password`. */
export async function signInWith(server: string, password: string): Promise<{ ok: boolean; message?: string }> {
  const answers = usePrompts({ auth: { secret: async () => password } });
  try {
    return await vscode.commands.executeCommand<{ ok: boolean; message?: string }>('almDefects.signIn', { server });
  } finally {
    answers.dispose();
  }
}

/** Signs in to `server` as the run's user `userIndex` (0: alice) through the sign-in command. */
export async function signInAs(server = 'Demo', userIndex = 0): Promise<void> {
  const result = await signInWith(server, e2eAlmServer().users[userIndex].password);
  assert.equal(result.ok, true, `sign-in to ${server}: ${result.message ?? ''}`);
}

/** Bob's own client and the Demo project through it. */
export function bobProject(): { client: AlmClient; demo: ProjectApi } {
  const server = e2eAlmServer();
  const b = server.users[1];
  const client = almClientAs(server, b);
  return { client, demo: client.project('DEFAULT', 'Demo') };
}

/** The server entries in the settings, and the one named `name`. */
export const configuredServers = (): ServerEntry[] => vscode.workspace.getConfiguration('almDefects').get<ServerEntry[]>('servers') ?? [];
export const savedServer = (name: string): ServerEntry | undefined => configuredServers().find((s) => s.name === name);

/** Whether the extension reads defect 1 of the run's project through server `name` (signing in with what it stored). */
export async function readsThrough(name: string): Promise<boolean> {
  const server = e2eAlmServer();
  const ref = { server: name, domain: server.domain, project: server.project, id: 1 };
  const found = await vscode.commands.executeCommand('almDefects.goToDefect', ref);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return JSON.stringify(found) === JSON.stringify(ref);
}

/** Removes the entries a suite added (Remove Server, confirmed) and checks that only the run's Demo entry is left. */
export async function removeAddedServers(names: readonly string[]): Promise<void> {
  const confirm = usePrompts({ auth: { confirmRemove: async () => true } });
  try {
    for (const name of names) if (savedServer(name)) await vscode.commands.executeCommand('almDefects.removeServer', { server: name });
  } finally {
    confirm.dispose();
  }
  assert.deepEqual(
    configuredServers().map((s) => s.name),
    ['Demo'],
  );
}

/** Runs "Add Server…" answering its questions as a user would type them; a failed check is given up. */
export async function addServerWith(answers: { name: string; url: string; username: string; password: string; domain?: string }): Promise<{ ok: boolean; message: string }> {
  const prompts = usePrompts({
    auth: {
      serverUrl: async () => answers.url,
      signInKind: async () => 'password',
      account: async () => answers.username,
      newSecret: async () => answers.password,
      fixCheck: async () => undefined,
      pin: async () => (answers.domain ? { domain: answers.domain } : {}),
      serverName: async () => answers.name,
    },
  });
  try {
    return await vscode.commands.executeCommand<{ ok: boolean; message: string }>('almDefects.addServer');
  } finally {
    prompts.dispose();
  }
}

/**
 * Runs "Upload Attachment…" on `defect`, answering its file picker with `paths`, its description
 * with `description` (none by default) and, when given, every taken name with `conflict`.
 */
export async function uploadWith(
  defect: DefectRef,
  paths: readonly string[],
  answers: { description?: string; conflict?: ConflictChoice } = {},
  run: { token?: vscode.CancellationToken; onProgress?: (p: BatchProgress) => void } = {},
): Promise<UploadReport> {
  const prompts = usePrompts({
    attachments: {
      pickFiles: async () => paths.map((p) => vscode.Uri.file(p)),
      description: async () => answers.description ?? '',
      ...(answers.conflict ? { conflict: async () => answers.conflict } : {}),
    },
  });
  try {
    return await vscode.commands.executeCommand<UploadReport>('almDefects.uploadAttachment', { defect, ...run });
  } finally {
    prompts.dispose();
  }
}

/** Sets settings for a test and puts the previous workspace values back afterwards. */
export class SettingsScope {
  private readonly saved: [string, unknown][] = [];

  async set(key: string, value: unknown): Promise<void> {
    const [section, ...rest] = key.split('.');
    const config = vscode.workspace.getConfiguration(section);
    const name = rest.join('.');
    if (!this.saved.some(([k]) => k === key)) this.saved.push([key, config.inspect(name)?.workspaceValue]);
    await config.update(name, value, vscode.ConfigurationTarget.Workspace);
  }

  async restore(): Promise<void> {
    for (const [key, value] of this.saved.reverse()) {
      const [section, ...rest] = key.split('.');
      await vscode.workspace.getConfiguration(section).update(rest.join('.'), value, vscode.ConfigurationTarget.Workspace);
    }
    this.saved.length = 0;
  }
}

/**
 * The start of a suite on Demo: the extension active, alice signed in to Demo and Demo the default
 * project (set through `settings`, restored with it); returns bob's own client, to dispose after.
 */
export async function startSignedInToDemo(settings: SettingsScope): Promise<{ client: AlmClient; demo: ProjectApi }> {
  await activate();
  await signInAs('Demo');
  await settings.set('almDefects.defaultProject', DEMO);
  return bobProject();
}

/** A suite set up by onDemoAsAlice. */
export interface DemoSuite {
  /** Settings the suite changes, put back after it. */
  readonly settings: SettingsScope;
  /** Bob's own client (for changes "by someone else"), from the suite's first test on. */
  readonly bob: AlmClient;
  /** Bob's view of Demo through his own client. */
  readonly bobDemo: ProjectApi;
}

/**
 * The host suites' feature factory. Registers, in the calling describe, the hooks of a suite that
 * works on Demo as alice: before, the extension active, alice signed in to Demo, Demo the default
 * project (unless `defaultProject` is false) and bob's own client made; after, every editor
 * closed, the settings put back and bob's client disposed. Hooks the suite adds run after these.
 */
export function onDemoAsAlice(options: { defaultProject?: boolean } = {}): DemoSuite {
  const settings = new SettingsScope();
  let bob: { client: AlmClient; demo: ProjectApi } | undefined;
  before(async () => {
    if (options.defaultProject === false) {
      await activate();
      await signInAs('Demo');
      bob = bobProject();
    } else bob = await startSignedInToDemo(settings);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings.restore();
    await bob?.client.dispose();
  });
  const made = () => {
    assert.ok(bob, "bob's client is made in the suite's before hook");
    return bob;
  };
  return {
    settings,
    get bob() {
      return made().client;
    },
    get bobDemo() {
      return made().demo;
    },
  };
}
