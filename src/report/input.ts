// What "Report ALM Defect…" reports from, read from the command's argument: a code action's
// location (and diagnostic), the editor's selection or cursor line (the editor context menu, the
// palette), or a failed test's message (the Test Results' message menu).
import * as os from 'node:os';
import * as vscode from 'vscode';
import { codeLink, environment } from './codeLocation';
import type { ReportInput } from './draft';
import { boundContext, contextLines } from './limits';

/** The argument a code action hands the command. */
export interface CodeReportArg {
  readonly uri: vscode.Uri;
  readonly range: vscode.Range;
  /** Whether `range` is the user's selection (else the lines of a TODO comment or a diagnostic). */
  readonly selected?: boolean;
  readonly diagnostic?: { readonly message: string; readonly source?: string; readonly code?: string };
}

/** The argument of the `testing/message/context` menu. */
interface TestMessageArg {
  readonly test: vscode.TestItem;
  readonly message: vscode.TestMessage;
}

function isCodeReportArg(arg: unknown): arg is CodeReportArg {
  return typeof arg === 'object' && arg !== null && (arg as CodeReportArg).uri instanceof vscode.Uri && (arg as CodeReportArg).range instanceof vscode.Range;
}

/** By shape, not class: VS Code rebuilds the message it hands a menu command, possibly as a plain object. */
function isTestMessageArg(arg: unknown): arg is TestMessageArg {
  const a = arg as { test?: unknown; message?: { message?: unknown } } | null;
  if (typeof a !== 'object' || a === null || typeof a.test !== 'object' || a.test === null || typeof a.message !== 'object' || a.message === null) return false;
  const text = a.message.message;
  return typeof text === 'string' || (typeof text === 'object' && text !== null && typeof (text as { value?: unknown }).value === 'string');
}

/** The diagnostic's code as text (a code may be a number or a `{ value, target }` link). */
export function diagnosticCode(code: vscode.Diagnostic['code']): string | undefined {
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

/** The report's input from the command argument; undefined when there is nothing to report from. */
export async function reportInput(arg: unknown): Promise<{ input: ReportInput; document?: vscode.TextDocument } | undefined> {
  if (isTestMessageArg(arg)) return { input: await testInput(arg) };
  if (isCodeReportArg(arg)) {
    const document = await vscode.workspace.openTextDocument(arg.uri);
    const selected = arg.selected ?? (!arg.range.isEmpty && arg.diagnostic === undefined);
    const active = vscode.window.activeTextEditor;
    const focus = active?.document.uri.toString() === arg.uri.toString() ? active.selection.active.line : arg.range.start.line;
    return { input: await codeInput(document, arg.range, selected, arg.diagnostic, focus), document };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  // From the editor's menu or the palette: the selection, else the cursor's line.
  const selection = editor.selection;
  const diagnostic = selection.isEmpty ? vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.contains(selection.active)) : undefined;
  const range = diagnostic?.range ?? selection;
  const described = diagnostic && { message: diagnostic.message, source: diagnostic.source, code: diagnosticCode(diagnostic.code) };
  return { input: await codeInput(editor.document, range, !selection.isEmpty, described, selection.active.line), document: editor.document };
}

/**
 * The selection as it is, or (nothing selected) the lines of `range` — at most MAX_CONTEXT_LINES
 * around `focus`, the cursor's line: a diagnostic covering a whole file must not send the file.
 */
async function codeInput(document: vscode.TextDocument, range: vscode.Range, selected: boolean, diagnostic: CodeReportArg['diagnostic'], focus: number): Promise<ReportInput> {
  // A selection that ends at the start of a line does not take that line.
  const lastLine = range.end.line > range.start.line && range.end.character === 0 ? range.end.line - 1 : range.end.line;
  const lines = selected ? { start: range.start.line, end: lastLine } : contextLines(range.start.line, lastLine, focus);
  const around = new vscode.Range(lines.start, 0, lines.end, document.lineAt(lines.end).text.length);
  const text = selected ? document.getText(range) : boundContext(document.getText(around));
  const cursor = document.lineAt(lines.start);
  return {
    text,
    selected,
    code: await codeLink(document.uri, lines.start + 1, lines.end + 1),
    cursorLine: { line: cursor.lineNumber, text: cursor.text },
    diagnostic,
    environment: await environment(document.uri),
    home: os.homedir(),
  };
}

async function testInput({ test, message }: TestMessageArg): Promise<ReportInput> {
  const names: string[] = [];
  for (let t: vscode.TestItem | undefined = test; t; t = t.parent) names.unshift(typeof t.label === 'string' ? t.label : String(t.id));
  const text = typeof message.message === 'string' ? message.message : message.message.value;
  const outputs = [message.expectedOutput !== undefined ? `Expected: ${message.expectedOutput}` : '', message.actualOutput !== undefined ? `Actual: ${message.actualOutput}` : ''].filter((s) => s);
  const frames = (message.stackTrace ?? []).map((f) => {
    const where = f.uri instanceof vscode.Uri ? `${vscode.workspace.asRelativePath(f.uri, false)}${f.position ? `:${f.position.line + 1}:${f.position.character + 1}` : ''}` : undefined;
    return `    at ${f.label}${where ? ` (${where})` : ''}`;
  });
  const location = message.location?.uri instanceof vscode.Uri ? message.location : test.uri instanceof vscode.Uri && test.range ? new vscode.Location(test.uri, test.range) : undefined;
  return {
    text: '',
    selected: false,
    test: { name: names.join(' › '), message: [text, ...outputs].join('\n'), trace: frames.length ? frames.join('\n') : undefined },
    code: location ? await codeLink(location.uri, location.range.start.line + 1, location.range.end.line + 1) : undefined,
    environment: await environment(location?.uri ?? test.uri),
    home: os.homedir(),
  };
}
