// One open defect: its controller and the webview panel that shows it. The panel's title shows
// unsaved state; closing a panel with unsaved edits asks first (a webview panel cannot veto its
// close, so the answer "Keep Editing" reopens it with the same controller, lock and edits); the
// lock is released when the editor really goes away.
import * as vscode from 'vscode';
import { describeError } from '../util/log';
import type { DefectKey, EmbeddedEditorState, FollowUpView } from '../shared/editorProtocol';
import type { DefectController } from './controller/defectController';
import { keyId } from './controller/snapshot';
import { commandHandlers, requestHandlers } from './handlers';
import { HostChannel } from './hostChannel';
import type { ImageResolver } from './imageResolver';
import type { EditorPrompts } from './prompts';
import type { EditorAttachments, EditorLog } from './services';
import { webviewAssets } from '../util/webviewAssets';
import { editorHtml } from './webviewHtml';
import { createNonce } from '../util/html';
import type { TraceabilityApi } from './traceability';
import type { DuplicateApi } from './duplicateChoice';

export const DEFECT_VIEW_TYPE = 'almDefects.defect';
/** How often a held lock is checked for loss (the client marks it lost when its session ends). */
const LOCK_POLL_MS = 3000;
/**
 * How long a new page's HTML waits for the defect to be written into it. VS Code takes 100–200 ms
 * after createWebviewPanel to build the editor and the webview's frame, and only then asks for the
 * HTML: a defect read within this time costs the page nothing, and the page renders it while its
 * script runs, with no ready → init round trip. A slower server gets the page at once instead.
 */
const EMBED_WAIT_MS = 100;

export interface SessionHost {
  extensionUri: vscode.Uri;
  log: EditorLog;
  /** The attachments feature, for the page's attachment section. */
  attachments: EditorAttachments;
  /** The questions the editor asks (closing with unsaved edits). */
  prompts(): EditorPrompts;
  /** Opens a defect of a project in its own editor (a linked defect). */
  openDefect(ref: DefectKey & { id: number }): Promise<void>;
  /** A new panel for a session that has none (reopen after "Keep Editing"). */
  createPanel(title: string): vscode.WebviewPanel;
  /** The user name on a server (a comment's header). */
  username(server: string): string;
  /** The user's follow-up flag on a defect, for the header. */
  followUp(ref: DefectKey & { id: number }): FollowUpView | undefined;
  /** Whether an open editor of this window holds the defect's lock. */
  editingHere(ref: DefectKey & { id: number }): boolean;
  /** The defect got an id (a new defect was created). */
  keyChanged(session: DefectSession, previous: string): void;
  /** A panel became active or inactive, or its defect got an id: the title bar's actions may change. */
  activeChanged(): void;
  closed(session: DefectSession): void;
}

export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableFindWidget: true,
    // The page is rebuilt from the host when shown again; unsaved edits live on the host and in setState.
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export class DefectSession {
  /** The panel map's key: changes once, when a new defect is created. */
  id: string;
  private panel: vscode.WebviewPanel | undefined;
  private channel: HostChannel | undefined;
  private panelSubscriptions: vscode.Disposable[] = [];
  private readonly timer: ReturnType<typeof setInterval>;
  private closing = false;
  private disposed = false;
  private readonly cleanups: (() => void)[] = [];
  /** Counts the controller's changes, so a page that rendered the embedded state gets only newer ones. */
  private revision = 0;
  /** The revision written into the page's HTML, or undefined when the page was made without the state. */
  private embeddedRevision: number | undefined;
  /** The page's HTML is set (before, notifications only queue: the state goes into the HTML). */
  private pageSet = false;

  constructor(
    readonly controller: DefectController,
    private readonly host: SessionHost,
    private readonly images: () => ImageResolver | undefined,
    private readonly project: TraceabilityApi & DuplicateApi,
  ) {
    controller.onDidChange((change) => {
      this.revision++;
      const channel = this.channel;
      if (change === 'init') {
        channel?.notify('init', controller.init());
        const previous = this.id;
        this.id = keyId(controller.defectKey);
        if (previous !== this.id) {
          host.keyChanged(this, previous);
          host.activeChanged();
        }
      } else if (change === 'values') channel?.notify('values', controller.values());
      else channel?.notify('status', controller.status());
      this.updateTitle();
    });
    this.id = keyId(controller.defectKey);
    this.timer = setInterval(() => controller.checkLock(), LOCK_POLL_MS);
  }

  get key(): DefectKey {
    return this.controller.defectKey;
  }

  get webviewPanel(): vscode.WebviewPanel | undefined {
    return this.panel;
  }

  /** Shows the controller in `panel` (a new one, or one VS Code restored after a reload). */
  attach(panel: vscode.WebviewPanel): void {
    this.detach();
    this.panel = panel;
    const webview = panel.webview;
    webview.options = panelOptions(this.host.extensionUri);
    const ctx = {
      controller: this.controller,
      images: this.images,
      attachments: this.host.attachments,
      project: this.project,
      user: this.host.username(this.controller.defectKey.server),
      editingHere: (id: number) => this.host.editingHere({ ...this.controller.defectKey, id }),
      openDefect: async (id: number) => {
        const { server, domain, project } = this.controller.defectKey;
        await this.host.openDefect({ server, domain, project, id });
      },
      log: this.host.log,
      closePanel: () => {
        this.panel?.dispose();
      },
      describe: describeError,
    };
    const channel = new HostChannel({
      post: (m) => webview.postMessage(m),
      commands: commandHandlers(ctx),
      requests: requestHandlers(ctx),
      describeError: (method, e) => {
        this.host.log.warn(`${method} on ${this.id} failed: ${describeError(e)}`);
        return describeError(e);
      },
      // A (re)loaded page gets everything (after being hidden its content was rebuilt), unless it
      // rendered the embedded state and nothing changed since.
      onReady: ({ embedded }) => {
        if (!embedded || this.embeddedRevision !== this.revision) this.sendAll();
        this.embeddedRevision = undefined;
      },
      // Posting ahead of `ready` helps only a page made without the state.
      early: () => this.pageSet && this.embeddedRevision === undefined,
      onInvalid: () => this.host.log.warn(`ignored a malformed message from the ${this.id} webview`),
    });
    this.channel = channel;
    this.panelSubscriptions = [
      webview.onDidReceiveMessage((m: unknown) => void channel.receive(m)),
      panel.onDidDispose(() => void this.panelClosed(panel)),
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) channel.reset();
        this.host.activeChanged();
      }),
    ];
    panel.iconPath = vscode.Uri.joinPath(this.host.extensionUri, 'media', 'alm.svg');
    this.updateTitle();
    this.showPage(panel);
  }

  /** Sets the page's HTML with the defect in it, once it is loaded or EMBED_WAIT_MS have passed. */
  private showPage(panel: vscode.WebviewPanel): void {
    this.pageSet = false;
    this.embeddedRevision = undefined;
    if (this.controller.lockPhase !== 'loading') return this.setPage(panel);
    const show = () => {
      clearTimeout(timer);
      loaded.dispose();
      this.setPage(panel);
    };
    const timer = setTimeout(show, EMBED_WAIT_MS);
    // load() emits init, values and status in one go: the page is made after the last of them.
    const loaded = this.controller.onDidChange(() => queueMicrotask(show));
    this.panelSubscriptions.push({
      dispose: () => {
        clearTimeout(timer);
        loaded.dispose();
      },
    });
  }

  private setPage(panel: vscode.WebviewPanel): void {
    if (this.panel !== panel || this.disposed || this.pageSet) return;
    const loaded = this.controller.lockPhase !== 'loading';
    const state = loaded ? { init: this.controller.init(), values: this.controller.values(), status: this.controller.status() } : undefined;
    this.embeddedRevision = state ? this.revision : undefined;
    this.pageSet = true;
    panel.webview.html = this.html(panel.webview, state);
  }

  private html(webview: vscode.Webview, state: EmbeddedEditorState | undefined): string {
    const dist = vscode.Uri.joinPath(this.host.extensionUri, 'dist', 'webview');
    return editorHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'editor.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'editor.css')).toString(),
      toolkitUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'toolkit.js')).toString(),
      inline: dist.scheme === 'file' ? webviewAssets(dist.fsPath) : undefined,
      nonce: createNonce(),
      title: this.title(),
      l10n: vscode.l10n.bundle,
      lang: vscode.env.language,
      state,
    });
  }

  /** Runs when the session ends (for good or at deactivation). */
  onDispose(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  /** The defect's attachments changed: the page asks again for the images it could not show. */
  /** The follow-up flags changed (set, cleared, another window): the header shows this defect's. */
  followUpChanged(): void {
    const { id } = this.controller.defectKey;
    if (id === undefined) return;
    this.channel?.notify('followUp', { flag: this.host.followUp({ ...this.controller.defectKey, id }) ?? null });
  }

  imagesChanged(): void {
    this.channel?.notify('imagesChanged', {});
  }

  /** The panel is the active editor and its page has not loaded yet: it is being shown right now. */
  get opening(): boolean {
    return !!this.panel?.active && this.channel?.isReady === false;
  }

  reveal(): void {
    this.panel?.reveal(undefined, false);
  }

  /** Releases the lock, keeping edits (deactivate, window reload). */
  releaseLock(): Promise<void> {
    return this.controller.release();
  }

  /** Closes for good: no question asked, lock released. */
  async dispose(): Promise<void> {
    const panel = this.panel;
    await this.shutdown();
    panel?.dispose();
  }

  /**
   * Stops the session but leaves its panel open (the extension is deactivating: VS Code keeps the
   * panel for the serializer to restore after a reload).
   */
  async shutdown(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    clearInterval(this.timer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.detach();
    this.panel = undefined;
    await this.controller.dispose();
    this.host.closed(this);
  }

  private sendAll(): void {
    this.channel?.notify('init', this.controller.init());
    this.channel?.notify('values', this.controller.values());
    this.channel?.notify('status', this.controller.status());
    this.followUpChanged();
  }

  private title(): string {
    const { id } = this.controller.defectKey;
    const name = this.controller.title;
    // A new defect's tab names the project it is created in (issue 37.9).
    const base =
      id === undefined ? vscode.l10n.t('New Defect ({0})', this.controller.defectKey.project) : !name ? vscode.l10n.t('Defect {0}', id) : `${id}: ${name.length > 40 ? `${name.slice(0, 39)}…` : name}`;
    return this.controller.isDirty ? `● ${base}` : base;
  }

  private updateTitle(): void {
    if (this.panel && !this.disposed) this.panel.title = this.title();
  }

  private detach(): void {
    for (const s of this.panelSubscriptions) s.dispose();
    this.panelSubscriptions = [];
    this.channel?.dispose();
    this.channel = undefined;
  }

  /** The user closed the panel: unsaved edits are asked about first. */
  private async panelClosed(panel: vscode.WebviewPanel): Promise<void> {
    if (this.panel !== panel || this.disposed || this.closing) return;
    this.detach();
    this.panel = undefined;
    if (!this.controller.isDirty) return this.dispose();
    this.closing = true;
    try {
      const key = this.controller.defectKey;
      const what = key.id === undefined ? vscode.l10n.t('The new defect has not been created.') : vscode.l10n.t('Defect {0} has unsaved changes.', key.id);
      const canSave = this.controller.lockPhase === 'editing';
      const answer = await this.host.prompts().unsavedClose(what, canSave);
      if (answer === 'save' && canSave) {
        const outcome = await this.controller.save({ close: true });
        if (outcome === 'saved' && !this.controller.isDirty) return this.dispose();
        void vscode.window.showWarningMessage(vscode.l10n.t('Defect {0} was not saved ({1}); the editor is open again.', key.id ?? '', outcome));
        return this.reopen();
      }
      if (answer === 'dontSave') return this.dispose();
      // Keep Editing, or the dialog was dismissed: bring the editor back with everything intact.
      return this.reopen();
    } finally {
      this.closing = false;
    }
  }

  private reopen(): void {
    this.attach(this.host.createPanel(this.title()));
  }
}
