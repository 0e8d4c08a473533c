// The ALM tree in VS Code: the view, its provider and every tree command. Other features plug in
// through `setDefectOpener` (the defect editor) and `setDefectChildren` (attachments).
import * as vscode from 'vscode';
import type { AuthServices } from '../../auth/services';
import type { DefectEventStream } from '../../defects/events';
import type { DefectRef } from '../../defects/refs';
import type { DefectResult, ResultScope, ResultSource } from '../../defects/results';
import type { ConnectionStatusBar } from '../../auth/statusBar';
import { serverNameOf } from '../../auth/serverArgs';
import type { ServerEntry } from '../../config/servers';
import { affectsTree } from '../../config/settings';
import { registerCommand } from '../../util/command';
import type { Log } from '../../util/log';
import { ViewState } from '../model/viewState';
import type { DefectChildrenProvider } from '../nodes/treeNode';
import { DefectNode } from '../nodes/defectNode';
import { LoadMoreNode } from '../nodes/loadMoreNode';
import { MessageNode } from '../nodes/messageNode';
import { resultOf, resultScopeOf } from '../nodes/defectQueries';
import { TreeNode } from '../nodes/treeNode';
import { groupBy, setGroupedContext, sortBy } from './arrangeCommands';
import { copyDefectId, copyDefectLink, goToDefect, selectedDefect } from './defectCommands';
import { chooseDefaultProject } from './defaultProject';
import type { DefectOpener } from './defectCommands';
import { deleteAlmFavorite, moveToAlmFavorites, renameAlmFavorite, saveAsAlmFavorite, updateAlmFavorite } from './favoriteCommands';
import { filterProject, saveFilterAs } from './filterCommands';
import { projectFor } from './locate';
import { AlmTreeProvider, VIEW_ID } from './provider';
import { recountGroups, reloadDefectLists, updateDefectRows } from './updateDefectRows';
import { revealServer } from './revealDefect';
import { COMMAND } from '../../util/commands';
import type { CommandId } from '../../util/commands';

/** True while a defect row is selected in the tree: the Ctrl+C keybinding and the copy commands in the palette. */
const DEFECT_SELECTED_CONTEXT = 'almDefects.defectSelected';
/** True while any project has a filter: Clear Filter and Save Filter As… in the palette. */
const FILTERED_CONTEXT = 'almDefects.filtered';

export class TreeFeature implements vscode.Disposable, ResultSource {
  readonly provider: AlmTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  /** The defect editor, registered right after the tree at activation. */
  private opener: DefectOpener | undefined;
  /** Files dropped on the tree go to the registered controller (attachments); until then a drop does nothing. */
  private dropController: vscode.TreeDragAndDropController<TreeNode> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    context: vscode.ExtensionContext,
    private readonly services: AuthServices,
    statusBar: ConnectionStatusBar,
    private readonly log: Log,
    events: DefectEventStream,
  ) {
    this.provider = new AlmTreeProvider(services.manager, new ViewState(context.workspaceState), log);
    // The view's drop target is fixed at creation, so it forwards to whoever registers later.
    const dragAndDropController: vscode.TreeDragAndDropController<TreeNode> = {
      dropMimeTypes: ['files', 'text/uri-list'],
      dragMimeTypes: [],
      handleDrop: (target, data, token) => this.dropController?.handleDrop?.(target, data, token),
    };
    this.view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this.provider, showCollapseAll: true, canSelectMany: true, dragAndDropController });
    const state = this.provider.state;
    this.disposables.push(
      ...this.followDefectEvents(events),
      this.provider,
      this.view,
      this.view.onDidExpandElement((e) => void state.setExpanded(e.element.id, true)),
      this.view.onDidCollapseElement((e) => void state.setExpanded(e.element.id, false)),
      this.view.onDidChangeSelection((e) => {
        statusBar.setActive(serverNameOf(e.selection[0] ? rootOf(e.selection[0]) : undefined));
        // Keybindings cannot see `viewItem`: Ctrl+C on a defect row needs a key of its own.
        void vscode.commands.executeCommand('setContext', DEFECT_SELECTED_CONTEXT, e.selection[0] instanceof DefectNode);
      }),
      state.onDidChangeFilters(() => void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, state.hasFilters)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affectsTree(e)) this.provider.refreshAll();
      }),
      ...this.registerCommands(),
    );
    void setGroupedContext(state.groupBy);
    void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, state.hasFilters);
  }

  /** The defect editor registers here. */
  setDefectOpener(opener: DefectOpener): vscode.Disposable {
    this.opener = opener;
    return new vscode.Disposable(() => {
      if (this.opener === opener) this.opener = undefined;
    });
  }

  /** Attachments register here; defect nodes then expand to what it returns. */
  setDefectChildren(provider: DefectChildrenProvider): vscode.Disposable {
    this.provider.defectChildren = provider;
    this.provider.changed();
    return new vscode.Disposable(() => {
      if (this.provider.defectChildren === provider) this.provider.defectChildren = undefined;
      this.provider.changed();
    });
  }

  /** Follow-up flags register here: defect rows show the mark before their description; `changed` redraws them. */
  setDefectMarks(mark: (ref: DefectRef) => string | undefined, changed: (listener: () => void) => { dispose(): void }): vscode.Disposable {
    this.provider.defectMark = mark;
    const listening = changed(() => this.provider.changed());
    this.provider.changed();
    return new vscode.Disposable(() => {
      listening.dispose();
      if (this.provider.defectMark === mark) this.provider.defectMark = undefined;
      this.provider.changed();
    });
  }

  /** Attachments register here to receive files dropped on defect rows. */
  setDropController(controller: vscode.TreeDragAndDropController<TreeNode>): vscode.Disposable {
    this.dropController = controller;
    return new vscode.Disposable(() => {
      if (this.dropController === controller) this.dropController = undefined;
    });
  }

  /**
   * Saves made anywhere in the extension show in the loaded rows of the defect (the server's copy,
   * no request); many defects of a project changed at once (Update Selected): its grouped lists
   * count again; a deleted defect's project lists read again.
   */
  private followDefectEvents(events: DefectEventStream): vscode.Disposable[] {
    const tag = this.log.child('tree');
    const grouped = () => this.provider.state.groupBy !== 'none';
    return [
      events.onDidSave(({ ref, defect, source }) => tag.debug(`defect ${ref.id} saved (${source}): ${updateDefectRows(this.provider, ref, defect)} tree rows updated`)),
      events.onDidChange((project) => recountGroups(this.provider, project, grouped())),
      events.onDidDelete(({ ref }) => reloadDefectLists(this.provider, ref)),
    ].map((d) => new vscode.Disposable(() => d.dispose()));
  }

  /** The result a tree node shows (the grid and CSV export open it). */
  resultOf(arg: unknown): Promise<DefectResult | undefined> {
    return resultOf(arg);
  }

  /** The project a command is about (its node, a ref, the selection or a pick), as its results read it. */
  async projectOf(arg: unknown, title: string): Promise<ResultScope | undefined> {
    const project = await projectFor(this.provider, this.view, arg, title);
    return project && resultScopeOf(project);
  }

  /** Unfolds a server just added (Add Server) down to its project, so its defects are in sight. */
  revealServer(entry: Pick<ServerEntry, 'name' | 'domain' | 'project'>): Promise<void> {
    return revealServer(this.provider, this.view, entry);
  }

  openDefect(ref: Parameters<DefectOpener>[0]): Promise<void> {
    if (!this.opener) return Promise.reject(new Error(vscode.l10n.t('The defect editor is not ready yet. Try again in a moment.')));
    return this.opener(ref);
  }

  dispose(): void {
    for (const d of this.disposables.reverse()) d.dispose();
  }

  private registerCommands(): vscode.Disposable[] {
    const { provider, view, services, log } = this;
    const tag = log.child('tree');
    const cmd = (id: CommandId, fn: (arg: unknown) => unknown): vscode.Disposable => registerCommand(id, tag, fn);
    return [
      cmd(COMMAND.refresh, () => provider.refreshAll()),
      cmd(COMMAND.refreshNode, (arg) => {
        if (arg instanceof MessageNode && arg.parent) arg.parent.refresh();
        else if (arg instanceof TreeNode) arg.refresh();
        else provider.refreshAll();
      }),
      // The view's progress bar shows at once; the row itself turns "Loading more…" only when slow.
      cmd(COMMAND.loadMore, (arg) => (arg instanceof LoadMoreNode ? vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => arg.owner.loadMore()) : undefined)),
      cmd(COMMAND.openDefect, async (arg) => {
        const ref = selectedDefect(view, arg);
        return ref ? this.openDefect(ref).then(() => ref) : goToDefect(provider, view, services.manager, (r) => this.openDefect(r), tag, arg);
      }),
      cmd(COMMAND.goToDefect, (arg) => goToDefect(provider, view, services.manager, (r) => this.openDefect(r), tag, arg)),
      cmd(COMMAND.chooseDefaultProject, () => chooseDefaultProject(provider)),
      cmd(COMMAND.copyDefectId, (arg) => copyDefectId(view, arg)),
      cmd(COMMAND.copyDefectLink, (arg) => copyDefectLink(view, services.manager, arg)),
      cmd(COMMAND.filter, async (arg) => {
        const project = await projectFor(provider, view, arg, vscode.l10n.t('Filter the defects of which project?'));
        return project ? filterProject(project, arg) : undefined;
      }),
      cmd(COMMAND.clearFilter, async (arg) => {
        const project = await projectFor(provider, view, arg, vscode.l10n.t('Clear the filter of which project?'));
        await project?.setFilter(undefined);
      }),
      cmd(COMMAND.saveFilter, async (arg) => {
        const project = await projectFor(provider, view, arg, vscode.l10n.t('Save the filter of which project?'));
        const name = typeof arg === 'object' && arg !== null && typeof (arg as { name?: unknown }).name === 'string' ? (arg as { name: string }).name : undefined;
        return project?.filter ? saveFilterAs(project.filter, name) : false;
      }),
      cmd(COMMAND.saveAsAlmFavorite, async (arg) => {
        const project = await projectFor(provider, view, arg, vscode.l10n.t('Save the view of which project as an ALM favorite?'));
        return project ? saveAsAlmFavorite(project, arg) : undefined;
      }),
      cmd(COMMAND.renameAlmFavorite, renameAlmFavorite),
      cmd(COMMAND.deleteAlmFavorite, deleteAlmFavorite),
      cmd(COMMAND.updateAlmFavorite, updateAlmFavorite),
      cmd(COMMAND.moveToAlmFavorites, async (arg) => {
        const project = await projectFor(provider, view, arg, vscode.l10n.t('Move a saved filter to the ALM favorites of which project?'));
        return project ? moveToAlmFavorites(project) : false;
      }),
      cmd(COMMAND.groupBy, (arg) => groupBy(provider, arg)),
      cmd(COMMAND.ungroup, () => groupBy(provider, 'none')),
      cmd(COMMAND.sortBy, (arg) => sortBy(provider, arg)),
    ];
  }
}

function rootOf(node: TreeNode): TreeNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}
