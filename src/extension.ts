import * as vscode from 'vscode';
// First: loads the translations before any module-level string of the other imports is made.
import './util/l10n';
import { registerAttachments } from './attachments';
import type { AttachmentsFeature } from './attachments';
import type { AttachmentPrompts } from './attachments/prompts';
import { vscodePrompts } from './attachments/prompts';
import { extensionAttachmentServices } from './attachments/extensionServices';
import { registerAuthCommands } from './auth/commands';
import { AlmAuthenticationProvider } from './auth/authProvider';
import type { ConnectionStatus } from './auth/connection';
import type { AuthPrompts } from './auth/prompts';
import { vscodeAuthPrompts } from './auth/prompts';
import type { ReportPrompts } from './report/prompts';
import { vscodeReportPrompts } from './report/prompts';
import { registerReport } from './report/register';
import { AuthServices } from './auth/services';
import { ConnectionStatusBar } from './auth/statusBar';
import { extensionChatServices } from './chat/extensionServices';
import { registerChatTools } from './chat/register';
import type { ChatToolsApi, ChatToolsFeature } from './chat/register';
import { affectsConnections } from './config/settings';
import { extensionEditorServices } from './editor/extensionServices';
import { registerDefectEditor } from './editor/registerDefectEditor';
import type { DefectEditorApi } from './editor/registerDefectEditor';
import { registerReferences } from './references/register';
import type { ReferencesFeature } from './references/register';
import { registerRefresh } from './refresh/register';
import { extensionGridServices, gridHooks } from './grid/extensionServices';
import { registerGrid } from './grid/register';
import type { GridFeature } from './grid/register';
import { registerWork } from './work/register';
import type { WorkFeature } from './work/register';
import type { RefreshFeature } from './refresh/register';
import { LoadingNode } from './tree/nodes/treeNode';
import type { TreeNode } from './tree/nodes/treeNode';
import { TreeFeature } from './tree/view/treeFeature';
import { Log } from './util/log';
import { COMMAND } from './util/commands';

/** What `activate` returns: enough for tests to look at the tree and connection state, never secrets. */
export interface AlmDefectsApi {
  /** Milliseconds `activate` took. */
  readonly activationMs: number;
  /** The children the view shows below `node` (the servers without one), waiting for loads to finish. */
  children(node?: TreeNode): Promise<TreeNode[]>;
  /** The node under the path of labels (e.g. `['Demo', 'DEFAULT', 'Demo', 'Defects']`), loading as it goes. */
  find(labels: readonly string[]): Promise<TreeNode | undefined>;
  treeItem(node: TreeNode): vscode.TreeItem;
  /** The tree's selected rows (e.g. the one "New Defect…" revealed). */
  selection(): readonly TreeNode[];
  /** Reveals and selects a node in the view (its ancestors expand). */
  revealInTree(node: TreeNode): Promise<void>;
  connection(server: string): { status: ConnectionStatus; problem: string | undefined; signInAttempts: number } | undefined;
  statusBarText(): string;
  /** Applies settings changes now instead of on the configuration event. */
  reloadSettings(): Promise<void>;
  /** The defect editor: open/create defects, the open editors, releasing their locks. */
  readonly editor: DefectEditorApi;
  /** Attachments: the drop target, `alm-attachment:` URIs, listing, change events, replaceable prompts. */
  readonly attachments: AttachmentsFeature;
  /** Defect references in files (the batched lookup). */
  readonly references: ReferencesFeature;
  /** The periodic change checks (run one round with `scheduler.tick()`). */
  readonly refresh: RefreshFeature;
  /** Start Work: the defect being worked on, the user's defects for completion. */
  readonly work: WorkFeature;
  /**
   * The chat tools' two steps (prepare, invoke) one at a time; only in development and test mode,
   * since invoke alone skips the confirmation VS Code shows the user.
   */
  readonly chat?: ChatToolsApi;
  /**
   * Answers some of the extension's questions instead of its dialogs until the returned Disposable
   * is disposed; only in development and test mode, like `chat`.
   */
  readonly usePrompts?: (answers: Partial<ExtensionPrompts>) => vscode.Disposable;
}

/** Every question the extension asks the user, by feature. */
export interface ExtensionPrompts {
  auth: Partial<AuthPrompts>;
  attachments: Partial<AttachmentPrompts>;
  report: Partial<ReportPrompts>;
}

let shutdown: (() => Promise<void>) | undefined;

/** The dialogs the extension asks through: VS Code's, with the tests' answers layered over them in test mode. */
interface Prompts {
  auth: AuthPrompts;
  attachments: AttachmentPrompts;
  report: ReportPrompts;
}

/** The features activate() builds, each registered with VS Code by its own register function. */
interface Features {
  services: AuthServices;
  statusBar: ConnectionStatusBar;
  auth: AlmAuthenticationProvider;
  tree: TreeFeature;
  attachments: AttachmentsFeature;
  editor: DefectEditorApi;
  references: ReferencesFeature;
  refresh: RefreshFeature;
  work: WorkFeature;
  chat: ChatToolsFeature;
  grid: GridFeature;
}

/** Entry point. Features register their disposables on the context so deactivation releases everything. */
export function activate(context: vscode.ExtensionContext): AlmDefectsApi {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('ALM', { log: true });
  context.subscriptions.push(channel);
  const log = Log.create(channel);
  const prompts: Prompts = { auth: vscodeAuthPrompts, attachments: vscodePrompts, report: vscodeReportPrompts };
  const features = createFeatures(context, log, prompts);
  context.subscriptions.push(...featureDisposables(features), ...workbenchHooks(channel, features.services));
  context.subscriptions.push(registerReport({ editor: features.editor, manager: features.services.manager, log, prompts: () => prompts.report }));
  const ready = features.services.reload();
  shutdown = shutdownOf(features);
  const activationMs = Math.round(performance.now() - started);
  log.info(`ALM Defects activated in ${activationMs} ms`);
  return extensionApi(context, features, { activationMs, ready, prompts });
}

/** Connections first, then the tree and the features built on it (attachments, editor, references, refresh, work, chat, grid). */
function createFeatures(context: vscode.ExtensionContext, log: Log, prompts: Prompts): Features {
  const services = new AuthServices(context.secrets, log, () => prompts.auth);
  const statusBar = new ConnectionStatusBar(services.manager);
  const auth = new AlmAuthenticationProvider(services.manager, log.child('auth'), () => prompts.auth);
  const tree = new TreeFeature(context, services, statusBar, log);
  const attachments = registerAttachments(
    context,
    extensionAttachmentServices(services, tree, () => prompts.attachments, log),
  );
  const editor = registerDefectEditor(context, extensionEditorServices(services, tree, attachments.editor, log));
  const references = registerReferences(services.manager, log);
  const refresh = registerRefresh(tree, editor, log);
  const work = registerWork(context, services.manager, references.lookup, editor, log);
  const chat = registerChatTools(extensionChatServices(services, editor, log));
  const grid = registerGrid(context, extensionGridServices(context, services, log), gridHooks(tree));
  return { services, statusBar, auth, tree, attachments, editor, references, refresh, work, chat, grid };
}

/** What deactivation disposes of the features (attachments and the editor registered theirs already). */
function featureDisposables(f: Features): vscode.Disposable[] {
  return [
    f.auth,
    f.statusBar,
    f.tree,
    f.references,
    f.refresh,
    f.work,
    f.grid,
    f.refresh.scheduler.add(f.grid.check),
    f.tree.setDefectOpener((ref) => {
      // The editor first: its panel is created before anything else goes to the workbench.
      const opening = f.editor.open(ref);
      f.refresh.tree.opened(ref);
      f.work.opened(ref);
      return opening;
    }),
    ...registerAuthCommands(f.services),
    ...f.chat.disposables,
  ];
}

/** The log command, and the connections following their settings. */
function workbenchHooks(channel: vscode.LogOutputChannel, services: AuthServices): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMAND.showLog, () => channel.show(true)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsConnections(e)) void services.reload();
    }),
  ];
}

/** Clients sign out on deactivate, which releases any lock their sessions hold on the server. */
function shutdownOf(f: Features): () => Promise<void> {
  return async () => {
    // Editors release their locks first (keeping unsaved edits for the panels VS Code restores).
    await f.editor.releaseAllLocks();
    await f.services.dispose();
  };
}

/** The API activate() returns (see AlmDefectsApi). */
function extensionApi(context: vscode.ExtensionContext, f: Features, run: { activationMs: number; ready: Promise<void>; prompts: Prompts }): AlmDefectsApi {
  const { tree, services, statusBar } = f;
  const children = async (node?: TreeNode): Promise<TreeNode[]> => {
    await run.ready;
    if (!node) return tree.provider.serverNodes();
    return node instanceof LoadingNode ? node.resolveChildren() : node.getChildren();
  };
  return {
    activationMs: run.activationMs,
    children,
    async find(labels) {
      let node: TreeNode | undefined;
      for (const label of labels) {
        node = (await children(node)).find((n) => n.item().label === label);
        if (!node) return undefined;
      }
      return node;
    },
    // As the workbench shows it on hover: the row, then its tooltip resolved.
    treeItem: (node) => tree.provider.resolveTreeItem(tree.provider.getTreeItem(node), node),
    selection: () => tree.view.selection,
    revealInTree: async (node) => {
      await tree.view.reveal(node, { select: true, focus: false, expand: false });
    },
    connection(server) {
      const c = services.manager.get(server);
      return c && { status: c.status, problem: c.problem, signInAttempts: c.signInAttempts };
    },
    statusBarText: () => statusBar.text,
    reloadSettings: () => services.reload(),
    editor: f.editor,
    attachments: f.attachments,
    references: f.references,
    refresh: f.refresh,
    work: f.work,
    ...(context.extensionMode === vscode.ExtensionMode.Production ? {} : testingApi(f.chat, run.prompts)),
  };
}

/** Only in development and test mode: the chat tools' steps one by one, and answers in place of dialogs. */
function testingApi(chat: ChatToolsFeature, prompts: Prompts): Pick<AlmDefectsApi, 'chat' | 'usePrompts'> {
  return {
    chat: chat.api,
    usePrompts: (answers: Partial<ExtensionPrompts>) => {
      const previous = { ...prompts };
      prompts.auth = { ...prompts.auth, ...answers.auth };
      prompts.attachments = { ...prompts.attachments, ...answers.attachments };
      prompts.report = { ...prompts.report, ...answers.report };
      return new vscode.Disposable(() => Object.assign(prompts, previous));
    },
  };
}

export async function deactivate(): Promise<void> {
  const stop = shutdown;
  shutdown = undefined;
  await stop?.();
}
