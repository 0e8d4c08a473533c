// Shared by the attachment suites: the extension's API signed in as alice, a defect row of the
// Playground project, and REST access to the ALM server to check what it really stored.
import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AlmDefectsApi } from '../../../src/extension';
import type { DefectRef } from '../../../src/tree/model/refs';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { e2eAlmServer, signIn } from '../environment';

export const EXTENSION_ID = 'alm-defects.alm-defects';
export const PLAYGROUND = { server: 'Demo', domain: 'DEFAULT', project: 'Playground' };
const REST_ROOT = '/api/domains/DEFAULT/projects/Playground';

export interface ServerAttachment {
  id: number;
  name: string;
  description: string | null;
  'file-size': number;
}

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

/** Activates, signs alice in, and finds the Playground defect the tests attach to (the `index`-th row). */
export async function attachmentWorld(index: number): Promise<AttachmentWorld> {
  const ext = vscode.extensions.getExtension<AlmDefectsApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  const api = await ext.activate();
  await api.reloadSettings();
  const server = e2eAlmServer();
  const result = (await vscode.commands.executeCommand('almDefects.signIn', { server: 'Demo', password: server.users[0].password })) as { ok: boolean };
  assert.equal(result.ok, true, 'alice signs in');
  const cookie = await signIn(server, server.users[0]);
  const defects = await api.find(['Demo', 'DEFAULT', 'Playground', 'Defects']);
  assert.ok(defects, 'no Playground › Defects node');
  const rows = await api.children(defects);
  const defectNode = rows.filter((r) => api.treeItem(r).contextValue === 'alm:defect')[index] as DefectNode | undefined;
  assert.ok(defectNode, `no defect row ${index} in Playground`);
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(`${server.baseUrl}${REST_ROOT}${path}`, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });
    assert.ok(res.ok, `${init.method ?? 'GET'} ${path}: ${res.status} ${await res.clone().text()}`);
    return res;
  };
  return {
    api,
    defectNode,
    defect: defectNode.ref,
    dir: mkdtempSync(join(tmpdir(), 'alm-e2e-att-')),
    rest: {
      async list(defectId) {
        const q = encodeURIComponent(`{entity.type[defect];entity.id[${defectId}]}`);
        const body = (await (await call(`/attachments?query=${q}`, { headers: { accept: 'application/json' } })).json()) as { data: ServerAttachment[] };
        return body.data;
      },
      async bytes(id) {
        return Buffer.from(await (await call(`/attachments/${id}`, { headers: { accept: 'application/octet-stream' } })).arrayBuffer());
      },
      async remove(id) {
        await call(`/attachments/${id}`, { method: 'DELETE' });
      },
    },
  };
}

/** The rows under a defect once loaded (never a "Loading…" placeholder). */
export async function rowLabels(world: AttachmentWorld, node: TreeNode = world.defectNode): Promise<string[]> {
  return (await world.api.children(node)).map((n) => String(world.api.treeItem(n).label));
}

/** An attachment reference for the commands. */
export function ref(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...PLAYGROUND, id, ...extra };
}
