// Failures as text the model can explain to the user: signed out, not found, locked by someone,
// refused values, an unreachable server. Each says whether anything was changed and what to do.
// Cancellation is not described here: the tools rethrow it. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { LockedByOtherError, ValidationError, isAlmApiError } from '../../api/index';
import type { FieldProblem } from '../../api/index';
import { RawQueryError } from '../../api';
import { EditingHereError } from '../../defects/lockedWrite';

export interface FailureContext {
  /** "defect 42 in Demo (DEFAULT/Demo)" or "Demo (DEFAULT/Demo)". */
  what: string;
  /** A write: the text says that nothing was changed. */
  write: boolean;
}

/** A user-facing problem found before anything was sent (no project, bad input). */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export function problemLines(problems: readonly FieldProblem[]): string[] {
  return problems.map((p) => `- ${p.message}`);
}

export function describeFailure(e: unknown, ctx: FailureContext): string {
  const unchanged = ctx.write ? ` ${l10n.t('Nothing was changed.')}` : '';
  if (e instanceof ToolInputError) return `${e.message}${unchanged}`;
  if (e instanceof EditingHereError) {
    const text = l10n.t(
      'Error: open for editing. Defect {0} is being edited in the defect editor of this VS Code window, which holds its lock. Save or cancel there first (the editor also has Add comment).',
      e.id,
    );
    return `${text}${unchanged}`;
  }
  if (e instanceof RawQueryError) return l10n.t("The ALM query is not valid: {0} Fix the query (ALM syntax, e.g. {status[Open or New];severity[>='3-High']}) or use the other filters.", e.message);
  if (e instanceof LockedByOtherError) {
    const who = e.lockedBy ? `${e.lockedBy}` : l10n.t('another user');
    const since = e.since ? ` ${l10n.t('(locked since {0})', e.since)}` : '';
    return l10n.t('Error: locked. {0} is being edited by {1}{2}.{3} Try again when they have finished, or ask them to close the defect.', capitalize(ctx.what), who, since, unchanged);
  }
  if (e instanceof ValidationError) {
    const lines = e.problems.length ? problemLines(e.problems) : [`- ${e.message}`];
    return [l10n.t('Error: validation failed. The server refused the change to {0}.{1}', ctx.what, unchanged), ...lines].join('\n');
  }
  if (isAlmApiError(e)) {
    switch (e.kind) {
      case 'auth':
        return l10n.t('Error: signed out. {0} The user must sign in with the command "ALM: Sign In…" (or from the ALM view), then try again.{1}', e.message, unchanged);
      case 'not-found':
        return l10n.t('Error: not found. {0} does not exist, or the user may not see it.{1}', capitalize(ctx.what), unchanged);
      case 'forbidden':
        return l10n.t('Error: forbidden. The server does not allow this user to do that on {0}.{1}', ctx.what, unchanged);
      case 'version-conflict':
        return l10n.t('Error: changed meanwhile. {0} was changed by someone else.{1} Read it again and retry.', capitalize(ctx.what), unchanged);
      case 'network':
      case 'tls':
      case 'timeout':
        return l10n.t('Error: the ALM server could not be reached ({0}).{1}', e.message, unchanged);
      default:
        return l10n.t('Error: {0}{1}', e.message, unchanged);
    }
  }
  return l10n.t('Error: {0}{1}', e instanceof Error ? e.message : String(e), unchanged);
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
