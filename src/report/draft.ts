// A report's draft from what the user reported from: a failed test's message, a diagnostic, a
// TODO/FIXME/BUG comment, a selected stack trace or a plain selection (in that order of precedence).
// It gives the new defect's Summary and Description, where they came from, the attachment for a
// selection too large for the description, and the TODO line a reference can go into.
// No `vscode` import, so it is tested in plain mocha.
import * as l10n from '@vscode/l10n';
import type { CodeLink, Environment } from './description';
import { describeReport, lineRange } from './description';
import { refusal } from './limits';
import { MASK, hideHome, maskSecrets } from './secrets';
import { errorLine, firstLine, isStackTrace, markerComment, summaryOf } from './sources';

export interface ReportInput {
  /** The selected text, or the lines the report is about (a diagnostic's range, the TODO's line). */
  readonly text: string;
  /** Whether `text` is what the user selected (otherwise the command took the lines around the cursor). */
  readonly selected: boolean;
  readonly code?: CodeLink;
  /** The line under the cursor, where a TODO comment is looked for (without a multi-line selection). */
  readonly cursorLine?: { readonly line: number; readonly text: string };
  readonly diagnostic?: { readonly message: string; readonly source?: string; readonly code?: string };
  readonly test?: { readonly name: string; readonly message: string; readonly trace?: string };
  readonly environment?: Environment;
  /** The user's home folder: written `~` in every path and text the report sends. */
  readonly home?: string;
}

type ReportSource = 'test' | 'diagnostic' | 'todo' | 'trace' | 'selection';

export interface ReportDraft {
  readonly source: ReportSource;
  readonly summary: string;
  readonly descriptionHtml: string;
  /** Where the values came from, as the form names it. */
  readonly origin: string;
  /** The whole text when the description shows only part of it. */
  readonly attachment?: { readonly name: string; readonly text: string };
  /** The TODO comment's line (0-based) and text when the report came from one: the reference goes there. */
  readonly todo?: { readonly line: number; readonly text: string };
  /** What the form warns of: the kinds of secrets masked in the summary, description and attachment. */
  readonly warning?: string;
}

/** The draft of a report, or why the input cannot be reported (binary, invalid UTF-8, too large). */
export function draftReport(raw: ReportInput): ReportDraft | { refused: string } {
  const refused = refusal(raw.test ? `${raw.test.message}\n${raw.test.trace ?? ''}` : raw.text);
  if (refused) return { refused };
  const { input, secrets } = cleaned(raw);
  const source = sourceOf(input);
  const where = input.code ? `${input.code.path}, ${lineRange(input.code.startLine, input.code.endLine)}` : undefined;
  const comment = input.cursorLine && markerComment(input.cursorLine.text);
  const summary = summaryOf(summaryText(source, input) || (comment && where ? l10n.t('{0} in {1}', comment.marker, where) : '') || where || '');
  const block = source === 'test' ? [input.test?.message, input.test?.trace].filter((t) => t).join('\n\n') : input.text;
  const attachmentName = source === 'test' ? 'test-output.txt' : source === 'trace' ? 'stack-trace.txt' : 'selection.txt';
  const description = describeReport(
    {
      problem: source === 'diagnostic' ? diagnosticText(input.diagnostic) : undefined,
      test: input.test?.name,
      code: input.code,
      block,
      blockName: source === 'trace' || source === 'test' ? l10n.t('output') : l10n.t('selection'),
      environment: source === 'trace' || source === 'test' ? input.environment : undefined,
    },
    attachmentName,
  );
  return {
    source,
    summary,
    descriptionHtml: description.html,
    origin: originText(source, input, where),
    // Only what the user chose goes whole into an attachment: lines taken around the cursor never do.
    ...(description.cut && (raw.selected || source === 'test') ? { attachment: { name: attachmentName, text: block } } : {}),
    // The comment as it is in the file (not masked): the reference goes where it is found.
    ...(source === 'todo' && raw.cursorLine ? { todo: { line: raw.cursorLine.line, text: raw.cursorLine.text } } : {}),
    ...(secrets.length
      ? { warning: l10n.t('Check before saving: what you reported from holds what looks like secrets ({0}); they show as {1} here and are not sent.', secrets.join(', '), MASK) }
      : {}),
  };
}

/** The input with its secrets masked and the home folder hidden in every text the report sends; the kinds of secrets found. */
function cleaned(raw: ReportInput): { input: ReportInput; secrets: string[] } {
  const secrets: string[] = [];
  const clean = (text: string): string => {
    const masked = maskSecrets(hideHome(text, raw.home));
    for (const kind of masked.kinds) if (!secrets.includes(kind)) secrets.push(kind);
    return masked.text;
  };
  const input: ReportInput = {
    ...raw,
    text: clean(raw.text),
    ...(raw.code ? { code: { ...raw.code, path: hideHome(raw.code.path, raw.home) } } : {}),
    ...(raw.cursorLine ? { cursorLine: { ...raw.cursorLine, text: clean(raw.cursorLine.text) } } : {}),
    ...(raw.diagnostic ? { diagnostic: { ...raw.diagnostic, message: clean(raw.diagnostic.message) } } : {}),
    ...(raw.test ? { test: { name: clean(raw.test.name), message: clean(raw.test.message), ...(raw.test.trace !== undefined ? { trace: clean(raw.test.trace) } : {}) } } : {}),
  };
  return { input, secrets };
}

function sourceOf(input: ReportInput): ReportSource {
  if (input.test) return 'test';
  if (input.diagnostic) return 'diagnostic';
  // A TODO under the cursor counts unless the user selected more than its line.
  const oneLine = !input.selected || !input.text.trim().includes('\n');
  if (oneLine && input.cursorLine && markerComment(input.cursorLine.text)) return 'todo';
  if (input.selected && isStackTrace(input.text)) return 'trace';
  return 'selection';
}

function summaryText(source: ReportSource, input: ReportInput): string {
  switch (source) {
    case 'test':
      return firstLine(input.test?.message ?? '') || l10n.t('Test failed: {0}', input.test?.name ?? '');
    case 'diagnostic':
      return firstLine(input.diagnostic?.message ?? '');
    case 'todo':
      return input.cursorLine ? (markerComment(input.cursorLine.text)?.text ?? '') : '';
    case 'trace':
      return errorLine(input.text);
    case 'selection':
      return firstLine(input.text).trim();
  }
}

function diagnosticText(d: ReportInput['diagnostic']): string | undefined {
  if (!d) return undefined;
  const tag = [d.source, d.code].filter((t) => t).join(' ');
  return tag ? `${d.message} (${tag})` : d.message;
}

function originText(source: ReportSource, input: ReportInput, where: string | undefined): string {
  switch (source) {
    case 'test':
      return l10n.t('the failed test {0}', input.test?.name ?? '');
    case 'diagnostic':
      return where ? l10n.t('the problem at {0}', where) : l10n.t('the problem');
    case 'todo':
      return where ? l10n.t('the comment at {0}', where) : l10n.t('the comment');
    case 'trace':
      return l10n.t('the selected stack trace');
    case 'selection':
      return where ?? l10n.t('the selection');
  }
}
