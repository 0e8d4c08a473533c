// Shared by the chat tool suites: the extension signed in as alice, bob's own client on the same
// server (to change and lock defects behind the tools' back and to check what the server stored),
// helpers that invoke a tool through `vscode.lm.invokeTool` and read its text, and the same tools
// built directly over alice's own client, to run VS Code's two steps (prepare, invoke) one at a time.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AlmClient } from '../../../src/api/index';
import type { ProjectApi } from '../../../src/api/index';
import { AlmClient as Client } from '../../../src/api/index';
import { chatTools } from '../../../src/chat/register';
import type { ChatToolServices } from '../../../src/chat/services';
import { e2eAlmServer } from '../environment';
import { DEMO, activate, bobProject, signInAs } from './support';

export const TOOLS = { search: 'alm_searchDefects', get: 'alm_getDefect', comment: 'alm_addDefectComment', update: 'alm_updateDefect' } as const;

/**
 * The two steps VS Code runs for a tool, one at a time: VS Code's test mode accepts every
 * confirmation at once, so the time a user spends reading one can only be played this way.
 */
interface ToolSteps {
  /** The tool's prepareInvocation: what VS Code shows (and asks to confirm) before running it. */
  prepare(tool: string, input: object): Promise<vscode.PreparedToolInvocation | undefined>;
  /** The tool's invoke alone, as VS Code calls it once the user accepted the confirmation; the result's text. */
  invoke(tool: string, input: object): Promise<string>;
}

export interface ChatWorld {
  /** The tools built over alice's own client (`alice`), stepped by hand. */
  chat: ToolSteps;
  /** Alice's client under those tools: its locks are the tools' session's. */
  alice: AlmClient;
  /** Defects a defect editor of "this window" holds for the directly built tools. */
  editingHere: Set<number>;
  bob: AlmClient;
  bobDemo: ProjectApi;
}

/** The tools' services over alice's own client: one server, the run's project, editors played by `editingHere`. */
function aliceServices(alice: AlmClient, editingHere: Set<number>): ChatToolServices {
  const server = e2eAlmServer();
  return {
    servers: () => [{ name: DEMO.server, baseUrl: server.baseUrl, username: 'alice', signedIn: true }],
    defaultProject: () => DEMO,
    projects: async () => [{ domain: DEMO.domain, name: DEMO.project }],
    project: async (ref) => alice.project(ref.domain, ref.project),
    editingHere: (ref) => editingHere.has(ref.id),
    log: { debug: () => undefined, warn: () => undefined },
    now: () => new Date(),
  };
}

/** Activates the extension, signs alice in, builds bob's client and the directly stepped tools. */
export async function chatWorld(): Promise<ChatWorld> {
  await activate();
  await signInAs('Demo');
  const bob = bobProject();
  const user = e2eAlmServer().users[0];
  const alice = new Client({ baseUrl: e2eAlmServer().baseUrl, credentials: async () => ({ username: user.username, password: user.password }) });
  const editingHere = new Set<number>();
  const tools = chatTools(aliceServices(alice, editingHere));
  const tool = (name: string) => {
    const t = tools[name];
    assert.ok(t, `no chat tool named ${name}`);
    return t;
  };
  const none = new vscode.CancellationTokenSource().token;
  const chat: ToolSteps = {
    prepare: async (name, input) => (await tool(name).prepareInvocation?.({ input }, none)) ?? undefined,
    async invoke(name, input) {
      const result = await tool(name).invoke({ input, toolInvocationToken: undefined }, none);
      return (result?.content ?? []).map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    },
  };
  return { chat, alice, editingHere, bob: bob.client, bobDemo: bob.demo };
}

/** The tool's result as text (its text parts joined). */
export async function invoke(tool: string, input: object, token?: vscode.CancellationToken): Promise<string> {
  const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }, token);
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/** The rows of a search result's table. */
export function rowsOf(text: string): { id: number; cells: string[] }[] {
  return text
    .split('\n')
    .filter((l) => /^\| \d+ \|/.test(l))
    .map((l) => {
      const cells = l.slice(2, -2).split(/ (?<!\\)\| /);
      return { id: Number(cells[0]), cells };
    });
}

/** The total a search result states. */
export function totalOf(text: string): number {
  const m = /^(\d+) defects? in /.exec(text);
  assert.ok(m, `no total in: ${text.slice(0, 200)}`);
  return Number(m[1]);
}

/** One "## Heading" section of a Get defect result, without its heading. */
export function sectionOf(text: string, heading: RegExp): string {
  const parts = text.split(/^## /m);
  const part = parts.find((p) => heading.test(p.split('\n')[0]));
  assert.ok(part !== undefined, `no section ${heading} in: ${text}`);
  return part.split('\n').slice(1).join('\n').trim();
}
