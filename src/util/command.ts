// The one way the extension registers a command: a failure is logged (with the log's tag) and shown
// as one line, a cancellation (the user pressed Escape or Cancel, a request was aborted) is
// neither, and the command resolves to `fallback` instead of throwing at VS Code.
import * as vscode from 'vscode';
import { isCancellation } from '../api/errors';
import { isAbort } from './cancellation';
import type { CommandId } from './commands';
import { describeError } from './log';

export interface CommandOptions<F> {
  /** Starts the message shown and logged, e.g. "Upload failed" → "Upload failed: <reason>". */
  failure?: string;
  /** What the command resolves to after a failure or cancellation (undefined by default). */
  fallback?: (message: string | undefined) => F;
}

function isCancelled(e: unknown): boolean {
  return isCancellation(e) || isAbort(e) || e instanceof vscode.CancellationError;
}

/** `run` gets every argument VS Code passes (a tree with multi-select passes the clicked row, then the selected rows). */
export function registerCommand<T, F = undefined>(
  id: CommandId,
  log: { error(message: string): void },
  run: (arg: unknown, ...more: unknown[]) => T | Promise<T>,
  options: CommandOptions<F> = {},
): vscode.Disposable {
  return vscode.commands.registerCommand(id, guardCommand(id, log, run, options));
}

/**
 * What registerCommand installs under `id`, for a feature that runs the same work from its own
 * button (the defect editor's attachment section) instead of going through the command id.
 */
export function guardCommand<T, F = undefined>(
  id: CommandId,
  log: { error(message: string): void },
  run: (arg: unknown, ...more: unknown[]) => T | Promise<T>,
  options: CommandOptions<F> = {},
): (arg: unknown, ...more: unknown[]) => Promise<T | F | undefined> {
  return async (arg: unknown, ...more: unknown[]): Promise<T | F | undefined> => {
    try {
      return await run(arg, ...more);
    } catch (e) {
      if (isCancelled(e)) return options.fallback?.(undefined);
      const reason = describeError(e);
      const message = options.failure ? vscode.l10n.t('{0}: {1}', options.failure, reason) : reason;
      log.error(`${id}: ${message}`);
      void vscode.window.showErrorMessage(message);
      return options.fallback?.(message);
    }
  };
}
