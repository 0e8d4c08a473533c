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

/**
 * The two steps VS Code runs for a tool, one at a time, for tests: VS Code's own test mode accepts
 * every confirmation at once, so the time a user spends reading one can only be played this way.
 */
export interface ChatToolsApi {
  /** The tool's prepareInvocation: what VS Code shows (and asks to confirm) before running it. */
  prepare(tool: string, input: object): Promise<vscode.PreparedToolInvocation | undefined>;
  /** The tool's invoke alone, as VS Code calls it once the user accepted the confirmation; the result's text. */
  invoke(tool: string, input: object): Promise<string>;
}

export interface ChatToolsFeature {
  readonly disposables: vscode.Disposable[];
  readonly api: ChatToolsApi;
}

export function registerChatTools(services: ChatToolServices): ChatToolsFeature {
  const context = { services, ledger: new ConfirmationLedger() };
  const tools: Record<string, vscode.LanguageModelTool<object>> = {
    [SEARCH_DEFECTS_TOOL]: new SearchDefectsTool(context),
    [GET_DEFECT_TOOL]: new GetDefectTool(context),
    [ADD_COMMENT_TOOL]: new AddCommentTool(context),
    [UPDATE_DEFECT_TOOL]: new UpdateDefectTool(context),
  };
  const tool = (name: string) => {
    const t = tools[name];
    if (!t) throw new Error(`No chat tool named ${name}.`);
    return t;
  };
  const none = new vscode.CancellationTokenSource().token;
  return {
    disposables: Object.entries(tools).map(([name, t]) => vscode.lm.registerTool(name, t)),
    api: {
      prepare: async (name, input) => (await tool(name).prepareInvocation?.({ input }, none)) ?? undefined,
      async invoke(name, input) {
        const result = await tool(name).invoke({ input, toolInvocationToken: undefined }, none);
        return (result?.content ?? []).map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      },
    },
  };
}
