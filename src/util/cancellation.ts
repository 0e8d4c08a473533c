// VS Code hands out CancellationTokens; the API client takes AbortSignals. This is the one place
// where one becomes the other. Structural types keep it free of `vscode`, so it runs in plain Node.

export interface CancellationTokenLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => unknown): { dispose(): unknown };
}

export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** Stops listening to the token (the signal stays as it is). */
  dispose(): void;
}

/** An AbortSignal that aborts when `token` is cancelled (at once when it already is). */
export function tokenToSignal(token: CancellationTokenLike | undefined): LinkedSignal {
  const controller = new AbortController();
  if (!token) return { signal: controller.signal, dispose: () => undefined };
  if (token.isCancellationRequested) {
    controller.abort();
    return { signal: controller.signal, dispose: () => undefined };
  }
  const listener = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => listener.dispose() };
}

/** An AbortSignal that aborts when any of `signals` does. */
export function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return AbortSignal.any(present);
}

/** True for an abort of any origin: DOM AbortError, the client's CancelledError, a cancelled token. */
export function isAbort(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return e.name === 'AbortError' || e.name === 'CancelledError' || e.name === 'Canceled';
}
