// The webview's end of the editor protocol: says `ready` once its listeners are in place, sends
// commands and requests (with ids, a pending map and timeouts), and hands notifications to the
// handlers the app registers.
import { isHostToWebview } from '../../src/shared/editorProtocol';
import { dispatch } from '../../src/shared/handlers';
import type { Handlers } from '../../src/shared/handlers';
import { PendingRequests } from '../../src/shared/pendingRequests';
import type { EditorCommands, EditorNotifications, PersistedEditorState, RequestMethod, RequestParams, RequestResult, WebviewToHost } from '../../src/shared/editorProtocol';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** One handler per notification (shared/handlers.ts: one left out fails to compile). */
export type NotificationHandlers = Handlers<EditorNotifications>;

/** Saving waits on the server (and maybe a re-sign-in); images may be large; an upload of attachments
 * lasts as long as the user's files take (it has its own Cancel); the rest is quick. */
const TIMEOUTS: Partial<Record<RequestMethod, number>> = {
  save: 180_000,
  resolveConflict: 180_000,
  edit: 60_000,
  retry: 60_000,
  resolveImage: 60_000,
  attachments: 3_600_000,
  pasteImage: 180_000,
  retryImages: 180_000,
};

export class WebviewChannel {
  private readonly api: VsCodeApi = acquireVsCodeApi();
  private readonly pending = new PendingRequests(
    (m) => this.api.postMessage(m),
    (m) => TIMEOUTS[m] ?? 30_000,
  );

  constructor(private readonly handlers: NotificationHandlers) {
    window.addEventListener('message', (event: MessageEvent<unknown>) => this.receive(event.data));
  }

  /** Whether VS Code holds no state of an earlier load of this page (see persist). */
  get firstLoad(): boolean {
    return this.api.getState() === undefined;
  }

  /**
   * Tells the host the page is listening; it then sends init, values and status (only what changed
   * since, when the page rendered the state embedded in its HTML).
   */
  ready(embedded: boolean): void {
    performance.mark('alm-editor:ready');
    this.api.postMessage(embedded ? { kind: 'ready', embedded } : { kind: 'ready' });
  }

  command<M extends keyof EditorCommands>(method: M, params: EditorCommands[M]): void {
    this.api.postMessage({ kind: 'command', method, params } as WebviewToHost);
  }

  request<M extends RequestMethod>(method: M, params: RequestParams<M>): Promise<RequestResult<M>> {
    return this.pending.request(method, params);
  }

  /** The unsaved-work snapshot VS Code keeps for this panel across reloads. */
  persist(state: PersistedEditorState | undefined): void {
    this.api.setState(state ?? null);
  }

  private receive(data: unknown): void {
    if (!isHostToWebview(data)) return;
    if (data.kind === 'reply') {
      this.pending.settle(data);
      return;
    }
    dispatch(this.handlers, data.method, data.params);
  }
}
