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

export const CHAT_TOOL_NAMES = [SEARCH_DEFECTS_TOOL, GET_DEFECT_TOOL, ADD_COMMENT_TOOL, UPDATE_DEFECT_TOOL] as const;

export function registerChatTools(services: ChatToolServices): vscode.Disposable[] {
  const context = { services, ledger: new ConfirmationLedger() };
  return [
    vscode.lm.registerTool(SEARCH_DEFECTS_TOOL, new SearchDefectsTool(context)),
    vscode.lm.registerTool(GET_DEFECT_TOOL, new GetDefectTool(context)),
    vscode.lm.registerTool(ADD_COMMENT_TOOL, new AddCommentTool(context)),
    vscode.lm.registerTool(UPDATE_DEFECT_TOOL, new UpdateDefectTool(context)),
  ];
}
