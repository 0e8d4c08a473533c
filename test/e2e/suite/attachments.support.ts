// Shared by the attachment suites: the extension signed in as alice, a defect of the Demo project
// (the one the workspace pins) that has no attachments yet, REST access to the ALM server to check
// what it really stored, and a drop controller built the way the extension builds it — over the
// tree's rows as the extension makes them — so a drop can be played without reaching into the
// running extension (the workbench's own drop is driven in test/e2e/ui/attachments.test.ts).
import * as assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { AttachmentsHub, attachmentUri } from '../../../src/attachments/hub';
import type { AttachmentLocation } from '../../../src/attachments/model/location';
import { vscodePrompts } from '../../../src/attachments/prompts';
import { AttachmentDropController } from '../../../src/attachments/tree/dropController';
import type { DefectRef } from '../../../src/defects/refs';
import { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { Log } from '../../../src/util/log';
import { node, treeOf } from '../../integration/tree/realTree';
import type { Tree } from '../../integration/tree/realTree';
import { RecordingSink, kids } from '../../unit/tree/fakes';
import { e2eAlmServer, signIn } from '../environment';
import { serverAttachments } from '../oracle';
import type { StoredAttachment } from '../oracle';
import { activate, signInAs } from './support';

export const PROJECT = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

type ServerAttachment = StoredAttachment;

/** The tree's rows and a drop controller over them, built as the extension builds them (alice's own session). */
interface DropWorld {
  tree: Tree;
  /** The row of the suite's defect, a drop target. */
  defectNode: DefectNode;
  /** The project's row: no drop target. */
  projectNode: TreeNode;
  dropController: AttachmentDropController;
}

export interface AttachmentWorld {
  defect: DefectRef;
  dir: string;
  rest: {
    list(defectId: number): Promise<ServerAttachment[]>;
    bytes(id: number): Promise<Buffer>;
    remove(id: number): Promise<void>;
  };
  /** Built on first use. */
  drops(): Promise<DropWorld>;
  dispose(): Promise<void>;
}

/** The drop controller over a hub whose services reach the server through the tree's connection. */
function dropControllerOf(tree: Tree): AttachmentDropController {
  const log = Log.create(new RecordingSink());
  const unused = (): never => {
    throw new Error('not part of a drop');
  };
  const hub = new AttachmentsHub({
    project: (ref) => tree.connection.project(ref.domain, ref.project),
    log,
    tree: { context: tree.ctx, setDefectChildren: unused, setDropController: unused, selection: () => [] },
    prompts: () => vscodePrompts,
    editingHere: () => false,
  });
  return new AttachmentDropController(hub);
}

/**
 * Activates, signs alice in, and finds the defect the tests attach to: the first one from the
 * `from`-th newest on without attachments (each suite starts at its own, so they never share one).
 */
export async function attachmentWorld(from: number): Promise<AttachmentWorld> {
  await activate();
  await signInAs('Demo');
  const server = e2eAlmServer();
  const cookie = await signIn(server, server.users[0]);
  const tree = await treeOf(server, server.users[0].password);
  const defects = await node(tree, 'DEFAULT', 'Demo', 'Defects');
  const rows = (await kids(defects)).filter((r): r is DefectNode => r instanceof DefectNode);
  const rest: AttachmentWorld['rest'] = serverAttachments(server, () => cookie);
  let defectNode: DefectNode | undefined;
  for (const row of rows.slice(from)) {
    if ((await rest.list(row.ref.id)).length === 0) {
      defectNode = row;
      break;
    }
  }
  assert.ok(defectNode, `no defect without attachments from row ${from} on`);
  const found = defectNode;
  let drops: DropWorld | undefined;
  return {
    defect: found.ref,
    dir: mkdtempSync(join(tmpdir(), 'alm-e2e-att-')),
    rest,
    drops: async () => (drops ??= { tree, defectNode: found, projectNode: await node(tree, 'DEFAULT', 'Demo'), dropController: dropControllerOf(tree) }),
    dispose: () => tree.connection.dispose(),
  };
}

/** Deletes what a suite attached, so the demo data is as other suites expect it. */
export async function cleanUp(world: AttachmentWorld | undefined): Promise<void> {
  if (!world) return;
  for (const a of await world.rest.list(world.defect.id)) await world.rest.remove(a.id);
  rmSync(world.dir, { recursive: true, force: true });
  await world.dispose();
}

/** The names of the defect's attachments on the server, sorted as the tree shows them. */
export async function storedNames(world: AttachmentWorld): Promise<string[]> {
  return (await world.rest.list(world.defect.id)).map((a) => a.name).sort((a, b) => a.localeCompare(b));
}

/** The `alm-attachment:` URI of an attachment (the form the file system provider serves). */
export function uriOf(loc: AttachmentLocation): vscode.Uri {
  return attachmentUri(loc);
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
