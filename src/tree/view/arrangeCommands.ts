// "Group By…" and "Sort By…" in the view title. Both are remembered (workspace state) and reload
// the defect nodes of every loaded project; a context key switches the title icon when grouped.
import * as vscode from 'vscode';
import { GROUP_BYS, SORT_FIELDS, describeSort, readGroupBy, readSort } from '../model/arrangement';
import type { GroupBy, SortSpec } from '../model/arrangement';
import { DomainNode } from '../nodes/domainNode';
import { ProjectNode } from '../nodes/projectNode';
import { pickOnAccept } from './pickOnAccept';
import type { AlmTreeProvider } from './provider';

const GROUPED_CONTEXT = 'almDefects.grouped';

/** Projects whose nodes exist now (loaded under a loaded domain). */
function loadedProjects(provider: AlmTreeProvider): ProjectNode[] {
  const out: ProjectNode[] = [];
  for (const server of provider.serverNodes()) {
    for (const d of server.loaded ?? []) {
      if (!(d instanceof DomainNode)) continue;
      for (const p of d.loaded ?? []) if (p instanceof ProjectNode) out.push(p);
    }
  }
  return out;
}

/** The defect nodes of every loaded project reload; the projects redraw in one change. */
async function reloadDefects(provider: AlmTreeProvider): Promise<void> {
  await Promise.all(loadedProjects(provider).map((p) => p.reloadDefects()));
}

function groupLabel(g: GroupBy): string {
  switch (g) {
    case 'none':
      return vscode.l10n.t('No Grouping');
    case 'status':
      return vscode.l10n.t('By Status');
    case 'severity':
      return vscode.l10n.t('By Severity');
    case 'owner':
      return vscode.l10n.t('By Owner');
  }
}

export async function groupBy(provider: AlmTreeProvider, arg: unknown): Promise<GroupBy | undefined> {
  let group: GroupBy | undefined = typeof arg === 'string' && GROUP_BYS.includes(arg as GroupBy) ? (arg as GroupBy) : undefined;
  if (!group) {
    const current = provider.state.groupBy;
    const picked = await pickOnAccept(
      GROUP_BYS.map((g) => ({ label: groupLabel(g), description: g === current ? vscode.l10n.t('current') : undefined, g })),
      { title: vscode.l10n.t('Group defects'), startsWork: () => true },
    );
    group = picked?.g;
  }
  if (!group) return undefined;
  // The state changes at once; storing it and the title's context key run beside the reload.
  await Promise.all([provider.state.setGroupBy(readGroupBy(group)), setGroupedContext(group), reloadDefects(provider)]);
  return group;
}

export async function sortBy(provider: AlmTreeProvider, arg: unknown): Promise<SortSpec | undefined> {
  let sort: SortSpec | undefined = typeof arg === 'object' && arg !== null ? readSort(arg) : undefined;
  if (!sort) {
    const current = provider.state.sort;
    const field = await pickOnAccept(
      SORT_FIELDS.map((f) => ({ label: f.label, description: f.field === current.field ? vscode.l10n.t('current: {0}', describeSort(current)) : undefined, f: f.field })),
      { title: vscode.l10n.t('Sort defects by') },
    );
    if (!field) return undefined;
    const dir = await pickOnAccept(
      [
        { label: `$(arrow-down) ${vscode.l10n.t('Descending')}`, d: 'desc' as const },
        { label: `$(arrow-up) ${vscode.l10n.t('Ascending')}`, d: 'asc' as const },
      ],
      { title: vscode.l10n.t('Sort by {0}', field.label), startsWork: () => true },
    );
    if (!dir) return undefined;
    sort = { field: field.f, direction: dir.d };
  }
  await Promise.all([provider.state.setSort(sort), reloadDefects(provider)]);
  return sort;
}

export function setGroupedContext(group: GroupBy): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', GROUPED_CONTEXT, group !== 'none');
}
