// "Filter…", "Clear Filter", saved filters. The filter menu edits a draft (status, severity and
// priority from the project's own lists, users from its user list with "me", target releases by
// name, name text, raw query
// checked as typed) and applies it only on "Apply". With `{ filter }` in the argument it applies without prompts.
import * as vscode from 'vscode';
import { pickMany } from '../../util/pickMany';
import type { ProjectApi, ReleaseCatalog } from '../../api';
import { readSavedFilterSettings, writeSavedFilters } from '../../config/settings';
import { describeError } from '../../util/log';
import { ME, describeFilter, isEmptyFilter, readFilter } from '../../defects/filter';
import type { DefectFilter, ReleaseChoice } from '../../defects/filter';
import { releaseChoices } from '../../defects/releaseChoices';
import { RawQueryError, parseRawQuery } from '../../api';
import type { ProjectNode } from '../nodes/projectNode';
import { pickOnAccept } from './pickOnAccept';
import { pickUsers } from './userPicker';

type ListField = 'status' | 'severity' | 'priority';
type UserField = 'owner' | 'detectedBy';
type Action = ListField | UserField | 'targetRelease' | 'name' | 'query' | 'apply' | 'saved' | 'save' | 'clear';

const LABELS: Record<ListField | UserField, string> = {
  status: vscode.l10n.t('Status'),
  severity: vscode.l10n.t('Severity'),
  priority: vscode.l10n.t('Priority'),
  owner: vscode.l10n.t('Assigned To'),
  detectedBy: vscode.l10n.t('Detected By'),
};

/** Applies `arg.filter` when given; otherwise runs the filter menu. Returns the filter now active. */
export async function filterProject(project: ProjectNode, arg: unknown): Promise<DefectFilter | undefined> {
  const given = typeof arg === 'object' && arg !== null && 'filter' in arg ? arg.filter : undefined;
  if (given !== undefined) {
    const filter = readFilter(given);
    if (filter?.query) parseRawQuery(filter.query); // throws RawQueryError with the position of the mistake
    await project.setFilter(filter);
    return filter;
  }
  const draft: DefectFilter = { ...(project.filter ?? {}) };
  for (;;) {
    const action = await menu(project, draft);
    if (!action) return project.filter;
    if (action === 'apply') {
      await project.setFilter(readFilter(draft));
      return project.filter;
    }
    if (action === 'clear') {
      for (const k of Object.keys(draft)) delete draft[k as keyof DefectFilter];
    } else if (action === 'status' || action === 'severity' || action === 'priority') {
      const values = await pickListValues(project, action, draft[action] ?? []);
      if (values) setList(draft, action, values);
    } else if (action === 'owner' || action === 'detectedBy') {
      const values = await pickUsers(project, LABELS[action], draft[action] ?? []);
      if (values) setList(draft, action, values);
    } else if (action === 'targetRelease') {
      const chosen = await pickReleases(project, draft.targetRelease ?? []);
      if (chosen) draft.targetRelease = chosen.length ? chosen : undefined;
    } else if (action === 'name') {
      const text = await vscode.window.showInputBox({ title: vscode.l10n.t('Summary contains'), prompt: vscode.l10n.t('* matches any text. Empty for no condition.'), value: draft.name ?? '' });
      if (text !== undefined) draft.name = text.trim() || undefined;
    } else if (action === 'query') {
      const text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Query (for experts)'),
        prompt: vscode.l10n.t('ALM query syntax, e.g. {status[Open or New];id[>100]}. ANDed with the other conditions.'),
        value: draft.query ?? '',
        validateInput: (v) => checkQuery(v),
      });
      if (text !== undefined) draft.query = text.trim() || undefined;
    } else if (action === 'saved') {
      const saved = readSavedFilterSettings();
      if (saved.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No saved filters yet. Use "Save As…" in the filter menu.'));
        continue;
      }
      const picked = await vscode.window.showQuickPick(
        saved.map((s) => ({ label: s.name, description: describeFilter(s.filter), s })),
        { title: vscode.l10n.t('Apply saved filter') },
      );
      if (picked) Object.assign(clear(draft), picked.s.filter);
    } else if (action === 'save') {
      await saveFilterAs(draft);
    }
  }
}

/** Stores `filter` under a name in `almDefects.savedFilters` (replacing one of the same name). */
export async function saveFilterAs(filter: DefectFilter, name?: string): Promise<boolean> {
  const clean = readFilter(filter);
  if (!clean) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The filter is empty: nothing to save.'));
    return false;
  }
  const chosen =
    name ?? (await vscode.window.showInputBox({ title: vscode.l10n.t('Save filter as'), prompt: describeFilter(clean), validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter a name')) }));
  if (!chosen) return false;
  const others = readSavedFilterSettings().filter((s) => s.name !== chosen.trim());
  await writeSavedFilters([...others, { name: chosen.trim(), filter: clean }]);
  return true;
}

function checkQuery(text: string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    parseRawQuery(text);
    return undefined;
  } catch (e) {
    return e instanceof RawQueryError ? e.message : describeError(e);
  }
}

async function menu(project: ProjectNode, draft: DefectFilter): Promise<Action | undefined> {
  type Item = vscode.QuickPickItem & { action?: Action };
  const any = (v: string[] | undefined): string => (v?.length ? v.map((x) => (x === ME ? 'me' : x)).join(', ') : vscode.l10n.t('any'));
  const items: Item[] = [
    { label: `$(check) ${vscode.l10n.t('Apply')}`, description: isEmptyFilter(draft) ? vscode.l10n.t('show all defects') : describeFilter(draft), action: 'apply' },
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    ...(['status', 'severity', 'priority', 'owner', 'detectedBy'] as const).map((k): Item => ({ label: LABELS[k], description: any(draft[k]), action: k })),
    {
      label: vscode.l10n.t('Target Release'),
      description: draft.targetRelease?.length ? draft.targetRelease.map((r) => r.name || `#${r.id}`).join(', ') : vscode.l10n.t('any'),
      action: 'targetRelease',
    },
    { label: vscode.l10n.t('Summary Contains'), description: draft.name ?? vscode.l10n.t('any'), action: 'name' },
    { label: vscode.l10n.t('Query (Experts)'), description: draft.query ?? vscode.l10n.t('none'), action: 'query' },
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(bookmark) ${vscode.l10n.t('Apply Saved Filter…')}`, action: 'saved' },
    { label: `$(save) ${vscode.l10n.t('Save As…')}`, action: 'save' },
    { label: `$(clear-all) ${vscode.l10n.t('Clear All Conditions')}`, action: 'clear' },
  ];
  const picked = await pickOnAccept(items, { title: vscode.l10n.t('Filter defects of {0}', project.project), ignoreFocusOut: true, startsWork: (item) => item.action === 'apply' });
  return picked?.action;
}

async function pickListValues(project: ProjectNode, field: ListField, current: string[]): Promise<string[] | undefined> {
  let values: string[] = [];
  try {
    values = await listValues(await project.api(), field);
  } catch (e) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cannot read the {0} list: {1}', LABELS[field], describeError(e)));
  }
  for (const v of current) if (!values.includes(v)) values.push(v);
  const picked = await pickMany(
    values.map((v) => ({ label: v, picked: current.includes(v) })),
    { title: vscode.l10n.t('{0} is any of (none checked: any)', LABELS[field]), ignoreFocusOut: true },
  );
  return picked?.map((p) => p.label);
}

/** Target releases by name and dates, current ones first; the catalog's reason when the server lists none. */
async function pickReleases(project: ProjectNode, current: readonly ReleaseChoice[]): Promise<ReleaseChoice[] | undefined> {
  let catalog: ReleaseCatalog;
  try {
    catalog = await (await project.api()).releases();
  } catch (e) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cannot read the releases: {0}', describeError(e)));
    return undefined;
  }
  if (catalog.unavailable !== undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('This server does not list releases ({0}); filter by target release with a query such as {target-rel[1001]}.', catalog.unavailable));
    return undefined;
  }
  const chosen = new Set(current.map((r) => r.id));
  const items = releaseChoices(catalog, 'release').map((r) => ({
    label: r.name,
    description: [r.dates, r.current ? vscode.l10n.t('current') : ''].filter(Boolean).join(' · '),
    picked: chosen.has(r.id),
    choice: { id: r.id, name: r.name },
  }));
  // A release the filter names that the catalog no longer holds stays offered (and checked).
  for (const r of current) if (!items.some((i) => i.choice.id === r.id)) items.push({ label: r.name || `#${r.id}`, description: vscode.l10n.t('not in the list'), picked: true, choice: r });
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The project has no releases.'));
    return undefined;
  }
  const picked = await pickMany(items, { title: vscode.l10n.t('Target release is any of (none checked: any)'), ignoreFocusOut: true, matchOnDescription: true });
  return picked?.map((p) => p.choice);
}

/** The values of a list field, from the project's field metadata and lists. */
async function listValues(api: ProjectApi, field: string): Promise<string[]> {
  const source = (await api.fields('defects')).get(field)?.dataType.source;
  if (source?.kind !== 'list') return [];
  return (await api.listItems()).valuesOf(source.listId);
}

function setList(draft: DefectFilter, key: ListField | UserField, values: string[]): void {
  if (values.length) draft[key] = values;
  else delete draft[key];
}

function clear(draft: DefectFilter): DefectFilter {
  for (const k of Object.keys(draft)) delete draft[k as keyof DefectFilter];
  return draft;
}
