import * as vscode from 'vscode';

/** Entry point. Features register their disposables on the context so deactivation releases everything. */
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('ALM', { log: true });
  context.subscriptions.push(log);

  // Placeholder tree until the tree feature lands: one row per configured server, re-read on Refresh.
  // It gives the end-to-end smoke test a real view to show; src/tree/ replaces it.
  const servers = new ConfiguredServers();
  context.subscriptions.push(
    servers,
    vscode.window.createTreeView('almDefects.tree', { treeDataProvider: servers, showCollapseAll: false }),
    vscode.commands.registerCommand('almDefects.refresh', () => {
      servers.refresh();
      log.info('tree refreshed');
    }),
  );
  log.info('ALM Defects activated');
}

export function deactivate(): void {
  // Nothing to release yet; features that hold server locks release them here.
}

interface ServerSetting {
  readonly name: string;
  readonly url: string;
}

class ConfiguredServers implements vscode.TreeDataProvider<ServerSetting>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  refresh(): void {
    this.changed.fire();
  }

  getTreeItem(server: ServerSetting): vscode.TreeItem {
    const item = new vscode.TreeItem(server.name, vscode.TreeItemCollapsibleState.None);
    item.description = server.url;
    item.contextValue = 'alm:server';
    return item;
  }

  getChildren(parent?: ServerSetting): ServerSetting[] {
    if (parent) return [];
    return vscode.workspace.getConfiguration('almDefects').get<ServerSetting[]>('servers', []);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
