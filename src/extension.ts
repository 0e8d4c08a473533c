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
import type { AuthPrompts } from './auth/prompts';
import { vscodeAuthPrompts } from './auth/prompts';
import type { EditorPrompts } from './editor/prompts';
import { vscodeEditorPrompts } from './editor/prompts';
import type { ReportPrompts } from './report/prompts';
import { vscodeReportPrompts } from './report/prompts';
import { registerReport } from './report/register';
import { AuthServices } from './auth/services';
import { ConnectionStatusBar } from './auth/statusBar';
import { extensionBulkServices } from './bulk/extensionServices';
import type { BulkPrompts } from './bulk/prompts';
import { vscodeBulkPrompts } from './bulk/prompts';
import { registerBulkUpdate } from './bulk/register';
import { extensionChatServices } from './chat/extensionServices';
import { registerChatTools } from './chat/register';
import { affectsConnections } from './config/settings';
import { extensionEditorServices } from './editor/extensionServices';
import { followDefectEvents as editorFollowsDefectEvents } from './editor/followEvents';
import { registerDefectEditor } from './editor/registerDefectEditor';
import type { DefectEditorApi } from './editor/registerDefectEditor';
import { extensionExportServices } from './export/extensionServices';
import { registerExport, vscodeExportPrompts } from './export/register';
import type { ExportPrompts } from './export/services';
import { registerReferences } from './references/register';
import type { ReferencesFeature } from './references/register';
import { registerRefresh } from './refresh/register';
import { extensionGridServices, gridHooks } from './grid/extensionServices';
import { registerGrid } from './grid/register';
import type { GridFeature } from './grid/register';
import { registerLinks, vscodeLinkBase } from './links/register';
import type { LinksFeature } from './links/register';
import type { LinkPrompts } from './links/prompts';
import { vscodeLinkPrompts } from './links/prompts';
import { addServer } from './auth/addServer';
import { registerFollowUps } from './followUp/register';
import { localDay } from './followUp';
import type { FollowUpFeature } from './followUp/register';
import type { FollowUpPrompts } from './followUp/prompts';
import { vscodeFollowUpPrompts } from './followUp/prompts';
import { DefectEvents } from './defects/events';
import { defectRefFrom } from './defects/refs';
import { registerInbox } from './inbox/register';
import type { InboxFeature } from './inbox/register';
import { ProjectNode } from './tree';
import { registerWork } from './work/register';
import type { WorkFeature } from './work/register';
import type { RefreshFeature } from './refresh/register';
import { TreeFeature } from './tree/view/treeFeature';
import { Log, describeError } from './util/log';
import { COMMAND } from './util/commands';

/**
 * What `activate` returns: when it is ready and how long it took, never an internal object (tests
 * drive the extension through its commands, views and webviews, or build features themselves).
 */
export interface AlmDefectsApi {
  /** Milliseconds `activate` took. */
  readonly activationMs: number;
  /** Settles once the settings are read and every configured server has its connection. */
  readonly ready: Promise<void>;
  /**
   * Answers some of the extension's questions instead of its dialogs until the returned Disposable
   * is disposed; only in development and test mode (a dialog cannot be answered from a test).
   */
  readonly usePrompts?: (answers: Partial<ExtensionPrompts>) => vscode.Disposable;
}

/** Every question the extension asks the user, by feature. */
export interface ExtensionPrompts {
  auth: Partial<AuthPrompts>;
  attachments: Partial<AttachmentPrompts>;
  editor: Partial<EditorPrompts>;
  report: Partial<ReportPrompts>;
  bulk: Partial<BulkPrompts>;
  export: Partial<ExportPrompts>;
  links: Partial<LinkPrompts>;
  followUp: Partial<FollowUpPrompts>;
}

let shutdown: (() => Promise<void>) | undefined;

/** The dialogs the extension asks through: VS Code's, with the tests' answers layered over them in test mode. */
interface Prompts {
  auth: AuthPrompts;
  attachments: AttachmentPrompts;
  editor: EditorPrompts;
  report: ReportPrompts;
  bulk: BulkPrompts;
  export: ExportPrompts;
  links: LinkPrompts;
  followUp: FollowUpPrompts;
}

/** The features activate() builds, each registered with VS Code by its own register function. */
interface Features {
  /** What happens to defects: writers announce, views listen (defects/events.ts). */
  events: DefectEvents;
  services: AuthServices;
  statusBar: ConnectionStatusBar;
  auth: AlmAuthenticationProvider;
  tree: TreeFeature;
  attachments: AttachmentsFeature;
  editor: DefectEditorApi;
  references: ReferencesFeature;
  refresh: RefreshFeature;
  work: WorkFeature;
  chat: vscode.Disposable[];
  grid: GridFeature;
  links: LinksFeature;
  followUps: FollowUpFeature;
  inbox: InboxFeature;
}

/** Entry point. Features register their disposables on the context so deactivation releases everything. */
export function activate(context: vscode.ExtensionContext): AlmDefectsApi {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('ALM', { log: true });
  context.subscriptions.push(channel);
  const log = Log.create(channel);
  const prompts: Prompts = {
    auth: vscodeAuthPrompts,
    attachments: vscodePrompts,
    editor: vscodeEditorPrompts,
    report: vscodeReportPrompts,
    bulk: vscodeBulkPrompts,
    export: vscodeExportPrompts,
    links: vscodeLinkPrompts,
    followUp: vscodeFollowUpPrompts,
  };
  const features = createFeatures(context, log, prompts);
  context.subscriptions.push(...featureDisposables(features), ...workbenchHooks(channel, features.services));
  context.subscriptions.push(
    registerReport({
      editor: features.editor,
      manager: features.services.manager,
      log,
      prompts: () => prompts.report,
      attachmentsChanged: (defect) => features.attachments.editor.changed(defect),
    }),
    registerBulkUpdate(extensionBulkServices(features.services, features.tree, features.editor, log, () => prompts.bulk, features.events)),
    registerExport(
      extensionExportServices(
        features.services,
        log,
        () => prompts.export,
        (arg) => features.grid.exportRequest(arg),
      ),
    ),
  );
  const ready = features.services.reload();
  shutdown = shutdownOf(features);
  const activationMs = Math.round(performance.now() - started);
  log.info(`ALM Defects activated in ${activationMs} ms`);
  return extensionApi(context, { activationMs, ready, prompts });
}

/** Connections first, then the tree and the features built on it (attachments, editor, references, refresh, work, chat, grid). */
function createFeatures(context: vscode.ExtensionContext, log: Log, prompts: Prompts): Features {
  const events = new DefectEvents();
  const services = new AuthServices(context.secrets, log, () => prompts.auth);
  const statusBar = new ConnectionStatusBar(services.manager);
  const auth = new AlmAuthenticationProvider(services.manager, log.child('auth'), () => prompts.auth);
  const tree = new TreeFeature(context, services, statusBar, log, events);
  // The editor is registered after the attachments it shows; a rename asks it whether a defect is being edited.
  let editorApi: DefectEditorApi | undefined;
  const attachments = registerAttachments(
    context,
    extensionAttachmentServices(
      services,
      tree,
      () => prompts.attachments,
      log,
      (defect) => editorApi?.editingHere(defect) ?? false,
    ),
  );
  const editor = (editorApi = registerDefectEditor(
    context,
    extensionEditorServices(services, tree, attachments.editor, log, () => prompts.editor, events),
  ));
  const references = registerReferences(services.manager, log);
  const refresh = registerRefresh(tree, editor, log);
  const work = registerWork(context, services.manager, references.lookup, editor, log, events.announcer('work'));
  const chat = registerChatTools({ ...extensionChatServices(services, editor, log, events), vscodeLinkBase: vscodeLinkBase(context) });
  const grid = registerGrid(context, extensionGridServices(context, services, log), gridHooks(tree, events));
  const links = registerLinks(context, {
    manager: services.manager,
    log,
    prompts: () => prompts.links,
    addServer: async (url) => {
      const result = await addServer(services, { url });
      return result.ok ? result.server : undefined;
    },
    open: (ref) => tree.openDefect(ref),
    selection: () => tree.view.selection,
  });
  const followUps = registerFollowUps(context, {
    log,
    prompts: () => prompts.followUp,
    current: () => {
      const key = editor.activeKey();
      const active = key?.id !== undefined ? { server: key.server, domain: key.domain, project: key.project, id: key.id } : undefined;
      // The editor's own title-bar button means its defect, whatever the tree has selected (as Clone and Start Work).
      return active ?? tree.view.selection.map(defectRefFrom).find((r) => r !== undefined);
    },
  });
  const inbox = registerInbox(context, { manager: services.manager, followUps, log, open: (ref) => tree.openDefect(ref) });
  return { events, services, statusBar, auth, tree, attachments, editor, references, refresh, work, chat, grid, links, followUps, inbox };
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
    f.links,
    f.followUps,
    f.inbox,
    editorFollowsDefectEvents(f.events, (ref) => f.editor.controller(ref), f.services.log.child('editor')),
    f.tree.view.onDidExpandElement((e) => {
      if (e.element instanceof ProjectNode) f.inbox.watch(e.element.ref);
    }),
    f.tree.setDefectMarks(
      (ref) => f.followUps.mark(ref),
      (listener) => f.followUps.store.onDidChange(listener),
    ),
    f.editor.setFollowUps(
      (ref) => {
        const flag = f.followUps.store.get(ref);
        const text = f.followUps.mark(ref);
        return flag && text ? { text, overdue: flag.due < localDay(new Date()), note: flag.note } : undefined;
      },
      (listener) => f.followUps.store.onDidChange(listener),
    ),
    f.grid.setFlagMarks(
      (ref) => f.followUps.mark(ref),
      (listener) => f.followUps.store.onDidChange(listener),
    ),
    f.refresh.scheduler.add(f.grid.check),
    f.tree.setDefectOpener((ref) => {
      // The editor first: its panel is created before anything else goes to the workbench.
      const opening = f.editor.open(ref);
      f.refresh.tree.opened(ref);
      f.inbox.opened(ref);
      f.work.opened(ref);
      return opening;
    }),
    f.services.onDidAddServer((entry) => {
      f.tree.revealServer(entry).catch((e: unknown) => f.services.log.child('tree').warn(`could not show the server ${entry.name} just added: ${describeError(e)}`));
    }),
    ...registerAuthCommands(f.services),
    ...f.chat,
    f.events,
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

/** The API activate() returns (see AlmDefectsApi): answers in place of dialogs only outside production. */
function extensionApi(context: vscode.ExtensionContext, run: { activationMs: number; ready: Promise<void>; prompts: Prompts }): AlmDefectsApi {
  const api = { activationMs: run.activationMs, ready: run.ready };
  return context.extensionMode === vscode.ExtensionMode.Production ? api : { ...api, usePrompts: promptAnswers(run.prompts) };
}

/** Layers the tests' answers over the dialogs until the returned Disposable is disposed. */
function promptAnswers(prompts: Prompts): (answers: Partial<ExtensionPrompts>) => vscode.Disposable {
  return (answers) => {
    const previous = { ...prompts };
    prompts.auth = { ...prompts.auth, ...answers.auth };
    prompts.attachments = { ...prompts.attachments, ...answers.attachments };
    prompts.editor = { ...prompts.editor, ...answers.editor };
    prompts.report = { ...prompts.report, ...answers.report };
    prompts.bulk = { ...prompts.bulk, ...answers.bulk };
    prompts.export = { ...prompts.export, ...answers.export };
    prompts.links = { ...prompts.links, ...answers.links };
    prompts.followUp = { ...prompts.followUp, ...answers.followUp };
    return new vscode.Disposable(() => Object.assign(prompts, previous));
  };
}

export async function deactivate(): Promise<void> {
  const stop = shutdown;
  shutdown = undefined;
  await stop?.();
}
