// ALM favorites from VS Code (issue 42): "Save as ALM Favorite…" from a project's current filter
// and sort (private by default, public where the server allows the user), and on a favorite's row
// "Rename…", "Delete" and "Update from Current View"; "Move to ALM Favorites…" turns a filter saved
// in settings into a private favorite and removes it from the settings once the server has it.
// The server's reason for a refusal (no right to publish, a name taken) reaches the user as is.
import * as vscode from 'vscode';
import { favoriteFilterXml } from '../../api';
import type { FavoriteColumn, FavoriteViewParts, ProjectApi } from '../../api';
import { readSavedFilterSettings, writeSavedFilters } from '../../config/settings';
import { toApiFilter } from '../../defects/filter';
import type { DefectFilter } from '../../defects/filter';
import { describeError } from '../../util/log';
import { orderByFor } from '../model/arrangement';
import type { SortSpec } from '../model/arrangement';
import { FavoriteNode } from '../nodes/favoriteNode';
import type { ProjectNode } from '../nodes/projectNode';

/** A name ALM takes for a favorite: not empty, without the folder-path characters. */
function checkName(value: string): string | undefined {
  if (!value.trim()) return vscode.l10n.t('Enter a name');
  if (/[\\/]/.test(value)) return vscode.l10n.t('A favorite name cannot hold "/" or "\\"');
  return undefined;
}

/** The filter XML of a project's current view: its filter (with "me" as the user), the tree's sort, and `columns` (the tree has none). */
function viewXml(filter: DefectFilter | undefined, sort: SortSpec, me: string, columns: readonly FavoriteColumn[] = []): string {
  return favoriteFilterXml({ filter: toApiFilter(filter, me), orderBy: orderByFor(sort), columns });
}

/** A view handed over with the command (the grid's: its filter, sort and columns), if the argument holds one. */
function givenView(arg: unknown): FavoriteViewParts | undefined {
  const view = typeof arg === 'object' && arg !== null ? (arg as { view?: unknown }).view : undefined;
  if (typeof view !== 'object' || view === null) return undefined;
  const { filter, orderBy, columns } = view as Record<string, unknown>;
  if (typeof filter !== 'object' || filter === null || !Array.isArray(orderBy) || !Array.isArray(columns)) return undefined;
  return view as FavoriteViewParts;
}

/** The id of the Public or Private root, as the server lists them. */
async function rootId(api: ProjectApi, publicOne: boolean): Promise<number> {
  const roots = await api.favorites.roots();
  const root = roots.find((r) => (r.public ?? !/^private$/i.test(r.name)) === publicOne);
  if (!root) throw new Error(publicOne ? vscode.l10n.t('The server lists no Public favorites folder.') : vscode.l10n.t('The server lists no Private favorites folder.'));
  return root.id;
}

async function failed(what: string, e: unknown): Promise<undefined> {
  void vscode.window.showErrorMessage(vscode.l10n.t('{0}: {1}', what, describeError(e)));
  return undefined;
}

/**
 * Saves the project's current view (or the view `arg.view` hands over: the grid's filter, sort and
 * columns) as a new ALM favorite; `arg.name`/`arg.public` skip the prompts. Returns its id.
 */
export async function saveAsAlmFavorite(project: ProjectNode, arg: unknown): Promise<number | undefined> {
  const given = typeof arg === 'object' && arg !== null ? (arg as { name?: unknown; public?: unknown }) : {};
  const name =
    typeof given.name === 'string'
      ? given.name
      : await vscode.window.showInputBox({ title: vscode.l10n.t('Save as ALM Favorite'), prompt: vscode.l10n.t('Name of the favorite'), validateInput: checkName });
  if (!name || checkName(name)) return undefined;
  let publicOne = given.public === true;
  if (typeof given.public !== 'boolean') {
    const picked = await vscode.window.showQuickPick(
      [
        { label: vscode.l10n.t('Private'), description: vscode.l10n.t('only you see it'), publicOne: false },
        { label: vscode.l10n.t('Public'), description: vscode.l10n.t('the whole project sees it (needs the right in ALM)'), publicOne: true },
      ],
      { title: vscode.l10n.t('Save "{0}" where?', name.trim()) },
    );
    if (!picked) return undefined;
    publicOne = picked.publicOne;
  }
  try {
    const api = await project.api();
    const parentId = await rootId(api, publicOne);
    const view = givenView(arg);
    const filterXml = view ? favoriteFilterXml(view) : viewXml(project.filter, project.sort, project.server.username);
    const made = await api.favorites.create({ name: name.trim(), parentId, filterXml });
    project.favoritesNode?.refresh();
    void vscode.window.showInformationMessage(vscode.l10n.t('Saved as ALM favorite "{0}".', made.name));
    return made.id;
  } catch (e) {
    return failed(vscode.l10n.t('Could not save the ALM favorite "{0}"', name.trim()), e);
  }
}

export async function renameAlmFavorite(arg: unknown): Promise<boolean> {
  if (!(arg instanceof FavoriteNode)) return false;
  const name = await vscode.window.showInputBox({ title: vscode.l10n.t('Rename ALM Favorite'), value: arg.favorite.name, validateInput: checkName });
  if (!name || name.trim() === arg.favorite.name) return false;
  try {
    await (await arg.projectNode.api()).favorites.update(arg.favorite.id, { name: name.trim() });
    arg.parent?.refresh();
    return true;
  } catch (e) {
    return (await failed(vscode.l10n.t('Could not rename the ALM favorite "{0}"', arg.favorite.name), e)) ?? false;
  }
}

export async function deleteAlmFavorite(arg: unknown): Promise<boolean> {
  if (!(arg instanceof FavoriteNode)) return false;
  const yes = vscode.l10n.t('Delete');
  const scope = arg.isPublic ? vscode.l10n.t('It is public: it goes for the whole project.') : vscode.l10n.t('It is private.');
  const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the ALM favorite "{0}"?', arg.favorite.name), { modal: true, detail: scope }, yes);
  if (answer !== yes) return false;
  try {
    await (await arg.projectNode.api()).favorites.remove(arg.favorite.id);
    arg.parent?.refresh();
    return true;
  } catch (e) {
    return (await failed(vscode.l10n.t('Could not delete the ALM favorite "{0}"', arg.favorite.name), e)) ?? false;
  }
}

/** Replaces the favorite's filter and order with the project's current filter and the tree's sort. */
export async function updateAlmFavorite(arg: unknown): Promise<boolean> {
  if (!(arg instanceof FavoriteNode)) return false;
  const project = arg.projectNode;
  try {
    // The tree has no columns: the favorite keeps its own (ALM's grid and "Open as Grid" show them).
    const { columns } = await arg.translated();
    await (await project.api()).favorites.update(arg.favorite.id, { filterXml: viewXml(project.filter, project.sort, project.server.username, columns) });
    arg.parent?.refresh();
    void vscode.window.showInformationMessage(vscode.l10n.t('ALM favorite "{0}" now holds the current filter and sort.', arg.favorite.name));
    return true;
  } catch (e) {
    return (await failed(vscode.l10n.t('Could not update the ALM favorite "{0}"', arg.favorite.name), e)) ?? false;
  }
}

/** A filter saved in settings becomes a private ALM favorite of `project`, and leaves the settings. */
export async function moveToAlmFavorites(project: ProjectNode): Promise<boolean> {
  const saved = readSavedFilterSettings();
  if (saved.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No saved filters in the settings to move.'));
    return false;
  }
  const picked = await vscode.window.showQuickPick(
    saved.map((s) => ({ label: s.name, s })),
    { title: vscode.l10n.t('Move which saved filter to the ALM favorites of {0}?', project.project) },
  );
  if (!picked) return false;
  try {
    const api = await project.api();
    const filterXml = viewXml(picked.s.filter, project.sort, project.server.username);
    await api.favorites.create({ name: picked.s.name, parentId: await rootId(api, false), filterXml });
  } catch (e) {
    return (await failed(vscode.l10n.t('Could not move "{0}" to the ALM favorites', picked.s.name), e)) ?? false;
  }
  // Only once the server holds it: a refused move loses nothing.
  await writeSavedFilters(readSavedFilterSettings().filter((s) => s.name !== picked.s.name));
  project.favoritesNode?.refresh();
  void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" is now a private ALM favorite of {1}.', picked.s.name, project.project));
  return true;
}
