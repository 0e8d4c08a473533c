// The chat tools of VS Code's chat and agent mode (`contributes.languageModelTools` in
// package.json names them and gives their input schemas): Search defects, Get defect, Add comment
// and Update defect. Registered once at activation; the returned disposables unregister them.
import * as vscode from 'vscode';
import { ConfirmationLedger } from './model/confirmation';
import type { ChatToolServices } from './services';
import { ADD_COMMENT_TOOL, AddCommentTool } from './tools/addComment';
import { GET_DEFECT_TOOL, GetDefectTool } from './tools/getDefect';
import { SEARCH_DEFECTS_TOOL, SearchDefectsTool } from './tools/searchDefects';
import { UPDATE_DEFECT_TOOL, UpdateDefectTool } from './tools/updateDefect';

/** The four tools by the names package.json gives them, sharing one confirmation ledger. */
export function chatTools(services: ChatToolServices): Record<string, vscode.LanguageModelTool<object>> {
  const context = { services, ledger: new ConfirmationLedger() };
  return {
    [SEARCH_DEFECTS_TOOL]: new SearchDefectsTool(context),
    [GET_DEFECT_TOOL]: new GetDefectTool(context),
    [ADD_COMMENT_TOOL]: new AddCommentTool(context),
    [UPDATE_DEFECT_TOOL]: new UpdateDefectTool(context),
  };
}

/** Registers the tools with VS Code; the returned disposables unregister them. */
export function registerChatTools(services: ChatToolServices): vscode.Disposable[] {
  return Object.entries(chatTools(services)).map(([name, t]) => vscode.lm.registerTool(name, t));
}
