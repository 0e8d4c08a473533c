// The requester's side of the editor protocol's request/reply: numbered ids, a pending map and a
// timeout per request. Used by the webview (and tests); no `vscode`, no DOM.
import * as l10n from '@vscode/l10n';
import type { ReplyMessage, RequestMessage, RequestMethod, RequestParams, RequestResult } from './editorProtocol';

/** A request that got no reply in time. */
export class RequestTimeoutError extends Error {
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(l10n.t('No reply to "{0}" within {1} s.', method, Math.round(timeoutMs / 1000)));
    this.name = 'RequestTimeoutError';
  }
}

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The requester's side of request/reply: numbered ids, a pending map and a timeout per request.
 * `send` delivers the message; `settle` is called with every reply that arrives.
 */
export class PendingRequests {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly send: (message: RequestMessage) => void,
    private readonly timeoutMs: (method: RequestMethod) => number = () => 30_000,
  ) {}

  request<M extends RequestMethod>(method: M, params: RequestParams<M>): Promise<RequestResult<M>> {
    const id = this.nextId++;
    return new Promise<RequestResult<M>>((resolve, reject) => {
      const ms = this.timeoutMs(method);
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RequestTimeoutError(method, ms));
      }, ms);
      this.pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject, timer });
      try {
        this.send({ kind: 'request', id, method, params } as RequestMessage);
      } catch (e) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  /** Settles the request a reply answers; returns false for an unknown (late or foreign) id. */
  settle(reply: ReplyMessage): boolean {
    const entry = this.pending.get(reply.id);
    if (!entry) return false;
    this.pending.delete(reply.id);
    clearTimeout(entry.timer);
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(new Error(reply.error));
    return true;
  }

  get size(): number {
    return this.pending.size;
  }

  /** Rejects everything still waiting (the panel is going away). */
  dispose(reason = l10n.t('The editor was closed.')): void {
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(new Error(reason));
      this.pending.delete(id);
    }
  }
}
