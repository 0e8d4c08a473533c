// The host's end of the editor protocol: queues notifications until the webview says `ready`,
// dispatches commands and requests to handler maps (one handler per method, no giant switch),
// and always answers a request, with an error message when its handler throws.
import type { CommandMessage, EditorCommands, EditorNotifications, HostToWebview, NotificationMessage, RequestMethod, RequestParams, RequestResult } from '../shared/editorProtocol';
import { isWebviewToHost } from '../shared/editorProtocol';
import { dispatch } from '../shared/handlers';
import type { Handlers } from '../shared/handlers';
import { ReadyQueue } from '../util/readyQueue';

/** One handler per command (shared/handlers.ts: one left out fails to compile, as the grid's). */
export type CommandHandlers = Handlers<EditorCommands>;
export type RequestHandlers = { [M in RequestMethod]: (params: RequestParams<M>) => Promise<RequestResult<M>> | RequestResult<M> };

export interface HostChannelOptions {
  /** Posts to the webview; resolves false when the webview is gone. */
  post: (message: HostToWebview) => PromiseLike<boolean> | boolean;
  commands: CommandHandlers;
  requests: RequestHandlers;
  /** Turns a handler's error into the text the webview shows (and logs it). */
  describeError: (method: string, error: unknown) => string;
  /**
   * Called when the webview has loaded and sent `ready`, to send it everything it shows; the
   * notifications queued until then are dropped (without an onReady they are sent instead).
   */
  onReady?: (ready: { embedded: boolean }) => void;
  /** A malformed message (logged, never answered). */
  onInvalid?: (message: unknown) => void;
  /**
   * Also posts notifications before `ready`. VS Code holds the messages for a page that is still
   * loading and hands them over once it has loaded, so the defect shows without waiting for the
   * page's `ready` to travel to the extension host and back. The page may still miss them (VS Code
   * gives up waiting for a slow load), which is why `ready` gets everything again; the page applies
   * the same state twice at no visible cost. A function is asked at each notification (the session
   * posts early only once the page's HTML is set).
   */
  early?: boolean | (() => boolean);
}

export class HostChannel {
  /** The `ready` handshake (util/readyQueue.ts, shared with the grid). */
  private readonly queue: ReadyQueue<NotificationMessage>;
  private disposed = false;

  constructor(private readonly options: HostChannelOptions) {
    const early = options.early;
    this.queue = new ReadyQueue({
      send: (message) => void this.post(message),
      early: () => (typeof early === 'function' ? early() : early === true),
      // Only the latest `values`/`status` matter; `init` is always kept in order before them.
      replaces: (queued, next) => queued.method === next.method && next.method !== 'init',
    });
  }

  get isReady(): boolean {
    return this.queue.isReady;
  }

  /** Sends now if the webview is ready, else queues; a later notification of the same kind replaces a queued one. */
  notify<M extends keyof EditorNotifications>(method: M, params: EditorNotifications[M]): void {
    if (this.disposed) return;
    this.queue.post({ kind: 'notification', method, params } as NotificationMessage);
  }

  /** Feeds one message received from the webview. */
  async receive(raw: unknown): Promise<void> {
    if (this.disposed) return;
    if (!isWebviewToHost(raw)) {
      this.options.onInvalid?.(raw);
      return;
    }
    if (raw.kind === 'ready') {
      // A reloaded webview (e.g. after being hidden without retainContextWhenHidden) says ready again.
      const outcome = this.queue.pageReady();
      // An onReady sends the current state itself: the queue would only make the page build it twice.
      if (this.options.onReady) this.options.onReady({ embedded: raw.embedded === true });
      // Posted in order without waiting for each delivery: the page gets the memos one round trip sooner.
      else if (!outcome.again) for (const m of outcome.held) void this.post(m);
      return;
    }
    if (raw.kind === 'command') {
      this.runCommand(raw);
      return;
    }
    const handler = this.options.requests[raw.method] as (p: unknown) => unknown;
    try {
      const result = await handler(raw.params);
      await this.post({ kind: 'reply', id: raw.id, ok: true, result: result ?? null });
    } catch (e) {
      await this.post({ kind: 'reply', id: raw.id, ok: false, error: this.options.describeError(raw.method, e) });
    }
  }

  /** The webview is being reloaded (its content replaced): queue until it says ready again. */
  reset(): void {
    this.queue.reset();
  }

  dispose(): void {
    this.disposed = true;
    this.queue.clear();
  }

  private runCommand(message: CommandMessage): void {
    try {
      dispatch(this.options.commands, message.method, message.params);
    } catch (e) {
      this.options.describeError(message.method, e);
    }
  }

  private async post(message: HostToWebview): Promise<void> {
    if (this.disposed) return;
    try {
      await this.options.post(message);
    } catch {
      // The panel was disposed between the check and the post; nothing to deliver to.
    }
  }
}
