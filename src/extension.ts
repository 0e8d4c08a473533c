import * as vscode from 'vscode';

/** Entry point. Features register their disposables on the context so deactivation releases everything. */
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('ALM', { log: true });
  context.subscriptions.push(log);
  log.info('ALM Defects activated');
}

export function deactivate(): void {
  // Nothing to release yet; features that hold server locks release them here.
}
