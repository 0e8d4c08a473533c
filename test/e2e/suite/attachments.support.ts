// Shared by the attachment suites: the extension's API signed in as alice, a defect row of the
// Demo project (the one the workspace pins) that has no attachments yet, and REST access to the
// ALM server to check what it really stored.
import * as assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlmDefectsApi } from '../../../src/extension';
import type { DefectRef } from '../../../src/defects/refs';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { e2eAlmServer, signIn } from '../environment';
import { serverAttachments } from '../oracle';
import type { StoredAttachment } from '../oracle';
import { activate, signInAs } from './support';
import { labelText } from '../../support/text';

export const PROJECT = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

type ServerAttachment = StoredAttachment;

export interface AttachmentWorld {
  api: AlmDefectsApi;
  defectNode: DefectNode;
  defect: DefectRef;
  dir: string;
  rest: {
    list(defectId: number): Promise<ServerAttachment[]>;
    bytes(id: number): Promise<Buffer>;
    remove(id: number): Promise<void>;
  };
}

/**
 * Activates, signs alice in, and finds the defect the tests attach to: the first row from the
 * `from`-th on without attachments (each suite starts at its own row, so they never share one).
 */
export async function attachmentWorld(from: number): Promise<AttachmentWorld> {
  const api = await activate();
  await signInAs('Demo');
  const server = e2eAlmServer();
  const cookie = await signIn(server, server.users[0]);
  const defects = await api.find(['Demo', 'DEFAULT', 'Demo', 'Defects']);
  assert.ok(defects, 'no Demo › Defects node');
  const rows = (await api.children(defects)).filter((r) => api.treeItem(r).contextValue === 'alm:defect') as DefectNode[];
  const rest: AttachmentWorld['rest'] = serverAttachments(server, () => cookie);
  let defectNode: DefectNode | undefined;
  for (const row of rows.slice(from)) {
    if ((await rest.list(row.ref.id)).length === 0) {
      defectNode = row;
      break;
    }
  }
  assert.ok(defectNode, `no defect without attachments from row ${from} on`);
  return { api, defectNode, defect: defectNode.ref, dir: mkdtempSync(join(tmpdir(), 'alm-e2e-att-')), rest };
}

/** Deletes what a suite attached, so the demo data is as other suites expect it. */
export async function cleanUp(world: AttachmentWorld | undefined): Promise<void> {
  if (!world) return;
  for (const a of await world.rest.list(world.defect.id)) await world.rest.remove(a.id);
  rmSync(world.dir, { recursive: true, force: true });
}

/** The rows under a defect once loaded (never a "Loading…" placeholder). */
export async function rowLabels(world: AttachmentWorld, node: TreeNode = world.defectNode): Promise<string[]> {
  return (await world.api.children(node)).map((n) => labelText(world.api.treeItem(n).label));
}

/** An attachment reference for the commands. */
export function ref(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...PROJECT, id, ...extra };
}

/** Prints a figure into the suite's output (the launcher shows ALM_E2E_LOG; console.log goes nowhere visible). */
export function printFigure(line: string): void {
  console.log(line);
  const file = process.env.ALM_E2E_LOG;
  if (file) appendFileSync(file, `${line}\n`);
}
