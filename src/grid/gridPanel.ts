// One grid's VS Code side: the editor-area webview, its HTML, the messages forwarded both ways,
// and what the controller (controller/gridController.ts, no `vscode`) asks of VS Code: the quick
// picks, progress, opening a defect, an error message.
import * as vscode from 'vscode';
import type { HostToGrid } from '../shared/gridProtocol';
import { tokenToSignal } from '../util/cancellation';
import { COMMAND } from '../util/commands';
import { createNonce } from '../util/html';
import { webviewAssets } from '../util/webviewAssets';
import { GridController } from './controller/gridController';
import type { GridHost, GridOpening, ProgressTask } from './controller/gridHost';
import { gridHtml } from './gridHtml';
import { pickColumns, pickGroupField } from './gridPrompts';
import type { GridServices } from './services';

const GRID_VIEW_TYPE = 'almDefects.grid';

export class GridPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly controller: GridController;
  private disposed = false;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closed.event;

  constructor(services: GridServices, extensionUri: vscode.Uri, opening: GridOpening) {
    const dist = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.panel = vscode.window.createWebviewPanel(GRID_VIEW_TYPE, opening.query.title, vscode.ViewColumn.Active, {
      enableScripts: true,
      enableFindWidget: true,
      // The page keeps its scroll position, focus and selection while its tab is in the background.
      retainContextWhenHidden: true,
      localResourceRoots: [dist],
    });
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'alm.svg');
    const webview = this.panel.webview;
    this.controller = new GridController(services, this.host(webview), opening);
    this.disposables.push(
      webview.onDidReceiveMessage((m: unknown) => void this.controller.receive(m)),
      this.panel.onDidDispose(() => this.dispose()),
    );
    webview.html = gridHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'grid.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'grid.css')).toString(),
      nonce: createNonce(),
      inline: dist.scheme === 'file' ? webviewAssets(dist.fsPath, 'grid') : undefined,
      title: opening.query.title,
      l10n: vscode.l10n.bundle,
      lang: vscode.env.language,
    });
    // The metadata, names and first rows load while VS Code builds the page.
    void this.controller.start();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.controller.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
    this.closed.fire();
    this.closed.dispose();
  }

  private host(webview: vscode.Webview): GridHost {
    return {
      post: (m: HostToGrid) => void webview.postMessage(m),
      language: vscode.env.language,
      visible: () => this.panel.visible,
      pickColumns,
      pickGroupField,
      progress: withProgress,
      openDefect: async (ref) => {
        await vscode.commands.executeCommand(COMMAND.openDefect, ref);
      },
      showError: (message) => void vscode.window.showErrorMessage(message),
    };
  }
}

/** A task that can be cancelled shows as a notification with Cancel; one that cannot, in the status bar. */
function withProgress<T>({ title, cancellable }: { title: string; cancellable: boolean }, task: ProgressTask<T>): Promise<T> {
  const location = cancellable ? vscode.ProgressLocation.Notification : vscode.ProgressLocation.Window;
  return Promise.resolve(
    vscode.window.withProgress({ location, title, cancellable }, async (progress, token) => {
      const linked = tokenToSignal(token);
      try {
        return await task((increment) => progress.report({ increment }), linked.signal);
      } finally {
        linked.dispose();
      }
    }),
  );
}
