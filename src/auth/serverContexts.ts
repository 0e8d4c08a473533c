// The context keys of the configured servers:
// - `almDefects.signedIn`: true while any server is signed in. The walkthrough's first step ("Add an
//   ALM server") completes on it, so it is ticked when a sign-in worked, not when the Add Server
//   command merely ran (a cancelled or refused attempt leaves it open).
// - `almDefects.hasServers`: true once any server is configured; until then the Servers view shows
//   only its welcome (Add Server), without the title buttons that act on servers (refresh, go to,
//   group, sort).
import * as vscode from 'vscode';
import type { ConnectionManager } from './connectionManager';

const SIGNED_IN_CONTEXT = 'almDefects.signedIn';
const HAS_SERVERS_CONTEXT = 'almDefects.hasServers';

export function watchServerContexts(manager: ConnectionManager): vscode.Disposable {
  let last: boolean | undefined;
  let lastHasServers: boolean | undefined;
  const update = () => {
    const connections = manager.all();
    const hasServers = connections.length > 0;
    if (hasServers !== lastHasServers) {
      lastHasServers = hasServers;
      void vscode.commands.executeCommand('setContext', HAS_SERVERS_CONTEXT, hasServers);
    }
    const signedIn = connections.some((c) => c.status === 'signed-in' || c.status === 'ready');
    if (signedIn === last) return;
    last = signedIn;
    void vscode.commands.executeCommand('setContext', SIGNED_IN_CONTEXT, signedIn);
  };
  const subscriptions = [manager.onDidChangeConnection(update), manager.onDidChangeServers(update)];
  update();
  return { dispose: () => subscriptions.forEach((s) => s.dispose()) };
}
