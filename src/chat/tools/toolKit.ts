// What every chat tool shares: text results, the VS Code token turned into the client's
// AbortSignal, failures turned into text the model can explain (a cancellation is rethrown as
// VS Code's CancellationError, never described), and the log line per call.
import * as vscode from 'vscode';
import { isCancellation } from '../../api/index';
import { isAbort, tokenToSignal } from '../../util/cancellation';
import type { ConfirmationLedger } from '../model/confirmation';
import { describeFailure } from '../model/results';
import type { FailureContext } from '../model/results';
import type { ChatToolServices } from '../services';

export interface ChatToolContext {
  services: ChatToolServices;
  /** Writes the user confirmed (see model/confirmation.ts). */
  ledger: ConfirmationLedger;
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/**
 * Runs one tool call: `ctx.what` may be refined by `body` (once the project and defect are known)
 * so a failure names what it was about.
 */
export async function runTool(
  name: string,
  context: ChatToolContext,
  token: vscode.CancellationToken,
  ctx: FailureContext,
  body: (signal: AbortSignal) => Promise<string>,
): Promise<vscode.LanguageModelToolResult> {
  const linked = tokenToSignal(token);
  try {
    return textResult(await body(linked.signal));
  } catch (e) {
    if (token.isCancellationRequested || isCancellation(e) || isAbort(e)) throw new vscode.CancellationError();
    context.services.log.debug(`[chat] ${name} failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    return textResult(describeFailure(e, ctx));
  } finally {
    linked.dispose();
  }
}

/** "defect 42 in Demo (DEFAULT/Demo)". */
export function defectWhat(id: number, where?: string): string {
  return where ? vscode.l10n.t('defect {0} in {1}', id, where) : vscode.l10n.t('defect {0}', id);
}
