// The light bulb's "Report ALM Defect…" on a diagnostic (problem) under the cursor, a TODO/FIXME/BUG
// comment line, or a selection. Each action runs the report command with where it stands.
import * as vscode from 'vscode';
import { COMMAND } from '../util/commands';
import { diagnosticCode } from './input';
import type { CodeReportArg } from './input';
import { markerComment } from './sources';

/** Code actions list at most this many diagnostics of one range (a line full of problems stays readable). */
const MAX_DIAGNOSTIC_ACTIONS = 3;

export class ReportCodeActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const actions: vscode.CodeAction[] = [];
    for (const d of context.diagnostics.slice(0, MAX_DIAGNOSTIC_ACTIONS)) {
      const arg: CodeReportArg = { uri: document.uri, range: d.range, diagnostic: { message: d.message, source: d.source, code: diagnosticCode(d.code) } };
      const title = vscode.l10n.t('Report ALM Defect: {0}', d.message.split('\n')[0].slice(0, 60));
      actions.push(this.action(title, arg, [d]));
    }
    if (!range.isEmpty) {
      actions.push(this.action(vscode.l10n.t('Report ALM Defect from the Selection…'), { uri: document.uri, range, selected: true }));
    } else {
      const line = document.lineAt(range.start.line);
      const comment = markerComment(line.text);
      if (comment) actions.push(this.action(vscode.l10n.t('Report ALM Defect for this {0}…', comment.marker), { uri: document.uri, range: line.range, selected: false }));
    }
    return actions;
  }

  private action(title: string, arg: CodeReportArg, diagnostics?: vscode.Diagnostic[]): vscode.CodeAction {
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.command = { command: COMMAND.reportDefect, title, arguments: [arg] };
    if (diagnostics) action.diagnostics = diagnostics;
    return action;
  }
}
