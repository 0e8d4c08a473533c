// Failures as text the model can explain to the user: signed out, not found, locked by someone,
// refused values, an unreachable server. Each says whether anything was changed and what to do.
// Cancellation is not described here: the tools rethrow it. No `vscode` import.
import { LockedByOtherError, ValidationError, isAlmApiError } from '../../api/index';
import type { FieldProblem } from '../../api/index';
import { RawQueryError } from '../../api';

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
  const unchanged = ctx.write ? ' Nothing was changed.' : '';
  if (e instanceof ToolInputError) return `${e.message}${unchanged}`;
  if (e instanceof RawQueryError) return `The ALM query is not valid: ${e.message} Fix the query (ALM syntax, e.g. {status[Open or New];severity[>='3-High']}) or use the other filters.`;
  if (e instanceof LockedByOtherError) {
    const who = e.lockedBy ? `${e.lockedBy}` : 'another user';
    const since = e.since ? ` (locked since ${e.since})` : '';
    return `Error: locked. ${capitalize(ctx.what)} is being edited by ${who}${since}.${unchanged} Try again when they have finished, or ask them to close the defect.`;
  }
  if (e instanceof ValidationError) {
    const lines = e.problems.length ? problemLines(e.problems) : [`- ${e.message}`];
    return [`Error: validation failed. The server refused the change to ${ctx.what}.${unchanged}`, ...lines].join('\n');
  }
  if (isAlmApiError(e)) {
    switch (e.kind) {
      case 'auth':
        return `Error: signed out. ${e.message} The user must sign in with the command "ALM: Sign In…" (or from the ALM view), then try again.${unchanged}`;
      case 'not-found':
        return `Error: not found. ${capitalize(ctx.what)} does not exist, or the user may not see it.${unchanged}`;
      case 'forbidden':
        return `Error: forbidden. The server does not allow this user to do that on ${ctx.what}.${unchanged}`;
      case 'version-conflict':
        return `Error: changed meanwhile. ${capitalize(ctx.what)} was changed by someone else.${unchanged} Read it again and retry.`;
      case 'network':
      case 'tls':
      case 'timeout':
        return `Error: the ALM server could not be reached (${e.message}).${unchanged}`;
      default:
        return `Error: ${e.message}${unchanged}`;
    }
  }
  return `Error: ${e instanceof Error ? e.message : String(e)}${unchanged}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
