// Shared by the workflow end-to-end tests (beside ./support, which has their common start): files of
// the test workspace and their hovers, and a counting proxy in front of the ALM server (requests counted on the wire, so batching
// is measured where it matters).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { e2eAlmServer } from '../environment';

/** The path of `segments` inside the e2e workspace's folder. */
export function workspacePath(...segments: string[]): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the e2e workspace has a folder');
  return path.join(folder.uri.fsPath, ...segments);
}

/** Writes `text` to refs/`name` in the workspace and opens it as a document (its language from the name). */
export async function openReferenceFile(name: string, text: string): Promise<vscode.TextDocument> {
  const file = workspacePath('refs', name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
  return vscode.workspace.openTextDocument(vscode.Uri.file(file));
}

/** The text of VS Code's hovers one character into the first `needle` of `doc` (empty when none). */
export async function hoverAt(doc: vscode.TextDocument, needle: string): Promise<string> {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `"${needle}" is in the document`);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(offset + 1));
  return hoverText(hovers);
}

/** A proxy in front of the ALM server that counts the defect queries it forwards. */
export class CountingProxy {
  readonly queries: string[] = [];
  private server: http.Server | undefined;

  async start(): Promise<string> {
    const target = new URL(e2eAlmServer().baseUrl);
    this.server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      if (/\/defects\?/.test(url) && req.method === 'GET') this.queries.push(decodeURIComponent(url));
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: url, headers: { ...req.headers, host: target.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`;
  }

  /** Queries that asked for defects by id (`id[…]`). */
  idQueries(): string[] {
    return this.queries.filter((q) => /\{id\[/.test(q) || /[{;]id\[/.test(q));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}

/** Text of a hover's Markdown contents. */
function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}
