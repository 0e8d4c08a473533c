// Shared by the chat tool suites: the extension signed in as alice, bob's own client on the same
// server (to change and lock defects behind the tools' back and to check what the server stored),
// and helpers that invoke a tool through `vscode.lm.invokeTool` and read its text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AlmClient } from '../../../src/api/index';
import type { ProjectApi } from '../../../src/api/index';
import type { ChatToolsApi } from '../../../src/chat/register';
import type { AlmDefectsApi } from '../../../src/extension';
import { activate, bobProject, signInAs } from './support';

export const TOOLS = { search: 'alm_searchDefects', get: 'alm_getDefect', comment: 'alm_addDefectComment', update: 'alm_updateDefect' } as const;

export interface ChatWorld {
  api: AlmDefectsApi;
  /** The tools' prepare and invoke steps (the extension offers them in test mode only). */
  chat: ChatToolsApi;
  bob: AlmClient;
  bobDemo: ProjectApi;
}

/** Activates the extension, signs alice in and builds bob's client. */
export async function chatWorld(): Promise<ChatWorld> {
  const api = await activate();
  await signInAs('Demo');
  const bob = bobProject();
  assert.ok(api.chat, 'the extension runs in test mode');
  return { api, chat: api.chat, bob: bob.client, bobDemo: bob.demo };
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
