// Shared by the workflow end-to-end tests (beside ./support): a counting proxy in front of the ALM
// server (requests counted on the wire, so batching is measured where it matters), and settings
// that are restored afterwards.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { e2eAlmServer } from '../environment';

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
export function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}
