// Finds the node a command acts on: the node it was invoked on, a `{ server, domain, project }`
// argument, the tree's selection, or the user's pick among the projects of signed-in servers.
import * as vscode from 'vscode';
import type { ProjectRefKey } from '../../defects/refs';
import { DomainNode } from '../nodes/domainNode';
import { ProjectNode } from '../nodes/projectNode';
import { TreeRoot } from '../nodes/root';
import type { ServerNode } from '../nodes/serverNode';
import { LoadingNode, TreeNode } from '../nodes/treeNode';
import type { AlmTreeProvider } from './provider';
import { COMMAND } from '../../util/commands';

async function childrenOf(node: TreeNode): Promise<TreeNode[]> {
  return node instanceof LoadingNode ? node.resolveChildren() : node.getChildren();
}

/** The project node for `ref`, loading the server and domain levels as needed. */
export async function findProject(provider: AlmTreeProvider, ref: ProjectRefKey): Promise<ProjectNode | undefined> {
  const server = provider.root.server(ref.server);
  if (!server) return undefined;
  const domain = (await childrenOf(server)).find((n): n is DomainNode => n instanceof DomainNode && n.domain.name === ref.domain);
  if (!domain) return undefined;
  return (await childrenOf(domain)).find((n): n is ProjectNode => n instanceof ProjectNode && n.project === ref.project);
}

function isProjectRef(arg: unknown): arg is ProjectRefKey {
  if (typeof arg !== 'object' || arg === null) return false;
  const o = arg as Record<string, unknown>;
  return typeof o.server === 'string' && typeof o.domain === 'string' && typeof o.project === 'string';
}

/** The project a command is about; prompts when nothing says which. */
export async function projectFor(provider: AlmTreeProvider, view: vscode.TreeView<TreeNode>, arg: unknown, title: string): Promise<ProjectNode | undefined> {
  return (await projectInContext(provider, view, arg)) ?? pickProject(provider, title);
}

/** The project of the node a command was invoked on, of a `{ server, domain, project }` argument, or of the tree's selection. */
export async function projectInContext(provider: AlmTreeProvider, view: vscode.TreeView<TreeNode>, arg: unknown): Promise<ProjectNode | undefined> {
  if (arg instanceof TreeNode) {
    const p = TreeRoot.ancestor(arg, ProjectNode);
    if (p) return p;
  }
  if (isProjectRef(arg)) return findProject(provider, arg);
  return view.selection[0] ? TreeRoot.ancestor(view.selection[0], ProjectNode) : undefined;
}

/** Every project of the signed-in servers (honouring pins); none (and an offer to sign in) when there is none. */
export async function listProjects(provider: AlmTreeProvider): Promise<ProjectNode[]> {
  const projects: ProjectNode[] = [];
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Listing ALM projects…') }, async () => {
    for (const server of provider.serverNodes().filter((s: ServerNode) => s.server.canLoad)) {
      for (const d of await childrenOf(server)) {
        if (!(d instanceof DomainNode)) continue;
        for (const p of await childrenOf(d)) if (p instanceof ProjectNode) projects.push(p);
      }
    }
  });
  if (projects.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Sign in to an ALM server first.'), vscode.l10n.t('Sign In')).then((c) => {
      if (c) void vscode.commands.executeCommand(COMMAND.signIn);
    });
  }
  return projects;
}

/**
 * The user's pick among `projects` (the only one without asking unless `always`). With `pin`, each
 * row has a pin button that makes its project the default one (and picks it).
 */
export async function pickAmong(projects: readonly ProjectNode[], title: string, options: { always?: boolean; pin?: (p: ProjectNode) => Promise<void> } = {}): Promise<ProjectNode | undefined> {
  if (projects.length === 0) return undefined;
  if (projects.length === 1 && !options.always) return projects[0];
  const pinButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('pin'), tooltip: vscode.l10n.t('Make this the default project') };
  const items = projects.map((p) => ({ label: p.project, description: `${p.domain} · ${p.server.name}`, p, ...(options.pin ? { buttons: [pinButton] } : {}) }));
  const pick = vscode.window.createQuickPick<(typeof items)[number]>();
  pick.items = items;
  pick.title = title;
  pick.ignoreFocusOut = true;
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve((pick.selectedItems[0] ?? pick.activeItems[0])?.p);
      pick.hide();
    });
    pick.onDidTriggerItemButton(async (e) => {
      pick.busy = true;
      await options.pin?.(e.item.p);
      resolve(e.item.p);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

async function pickProject(provider: AlmTreeProvider, title: string): Promise<ProjectNode | undefined> {
  return pickAmong(await listProjects(provider), title);
}
