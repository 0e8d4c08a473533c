// The status bar item: the active server's connection state (the server selected in the tree, or
// the first one). Clicking signs in when that is what is missing, otherwise shows the ALM view.
import * as vscode from 'vscode';
import type { ConnectionStatus, ServerConnection } from './connection';
import type { ConnectionManager } from './connectionManager';
import { COMMAND } from '../util/commands';

const LOOK: Record<ConnectionStatus, { icon: string; text: (c: ServerConnection) => string }> = {
  'signed-out': { icon: '$(debug-disconnect)', text: (c) => vscode.l10n.t('{0}: signed out', c.name) },
  ready: { icon: '$(server)', text: (c) => `${c.name}: ${c.account}` },
  'signing-in': { icon: '$(sync~spin)', text: (c) => vscode.l10n.t('{0}: signing in…', c.name) },
  'signed-in': { icon: '$(server)', text: (c) => `${c.name}: ${c.account}` },
  failed: { icon: '$(warning)', text: (c) => vscode.l10n.t('{0}: sign-in failed', c.name) },
  error: { icon: '$(warning)', text: (c) => vscode.l10n.t('{0}: unreachable', c.name) },
};

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('almDefects.connection', vscode.StatusBarAlignment.Left, 10);
  private active: string | undefined;
  private readonly subscriptions: { dispose(): void }[] = [];

  constructor(private readonly manager: ConnectionManager) {
    this.item.name = vscode.l10n.t('ALM Connection');
    this.subscriptions.push(
      manager.onDidChangeConnection(() => this.update()),
      manager.onDidChangeServers(() => this.update()),
    );
    this.update();
  }

  /** Makes `server` the one shown (e.g. when a node of it is selected in the tree). */
  setActive(server: string | undefined): void {
    if (!server || server === this.active) return;
    this.active = server;
    this.update();
  }

  /** The text shown now; the end-to-end tests read it. */
  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }

  private update(): void {
    const all = this.manager.all();
    const c = (this.active ? this.manager.get(this.active) : undefined) ?? all[0];
    if (!c) {
      this.item.hide();
      return;
    }
    const look = LOOK[c.status];
    this.item.text = `${look.icon} ${namesAlm(c.name) ? '' : 'ALM '}${look.text(c)}`;
    // Read aloud without the icon, and saying what the item is about.
    this.item.accessibilityInformation = { label: vscode.l10n.t('ALM connection: {0}', look.text(c)), role: 'button' };
    const tooltip = new vscode.MarkdownString(all.map((x) => `**${escape(x.name)}** — ${escape(LOOK[x.status].text(x))}${x.problem ? `  \n${escape(x.problem)}` : ''}`).join('\n\n'));
    this.item.tooltip = tooltip;
    const needsSignIn = c.status === 'signed-out' || c.status === 'failed';
    this.item.command = needsSignIn
      ? { command: COMMAND.signIn, title: vscode.l10n.t('Sign In'), arguments: [{ server: c.name }] }
      : { command: 'almDefects.tree.focus', title: vscode.l10n.t('Show ALM') };
    this.item.backgroundColor = c.status === 'failed' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

/** Whether a server's name already says it is ALM ("ALM 26.1", "Prod ALM"): then "ALM " is not put before it. */
function namesAlm(name: string): boolean {
  return /\bALM\b/i.test(name);
}
