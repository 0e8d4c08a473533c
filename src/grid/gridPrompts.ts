// The grid's questions: which columns to show (all of the project's fields offered, the shown ones
// ticked, in their order first) and which field to group by.
import * as vscode from 'vscode';
import type { FieldCatalog } from '../api';
import { FOLLOW_UP_COLUMN, columnChoices } from './controller/columns';
import { groupableFields } from './controller/grouping';

interface FieldItem extends vscode.QuickPickItem {
  name: string;
}

/** The chosen columns in order (those shown keep their order; new ones follow in the metadata's), or undefined on Escape. */
export async function pickColumns(catalog: FieldCatalog, shown: readonly string[]): Promise<string[] | undefined> {
  const all: FieldItem[] = [
    { name: 'id', label: catalog.get('id')?.label ?? 'ID', description: 'id' },
    ...columnChoices(catalog).map((f) => ({ name: f.name, label: f.label, description: f.name })),
    { name: FOLLOW_UP_COLUMN, label: vscode.l10n.t('Follow-up'), description: vscode.l10n.t('your follow-up flags (kept by VS Code)') },
  ].map((i) => ({
    ...i,
    picked: shown.includes(i.name),
  }));
  const rank = (name: string) => (shown.includes(name) ? shown.indexOf(name) : shown.length + all.findIndex((i) => i.name === name));
  const items = [...all].sort((a, b) => rank(a.name) - rank(b.name));
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: vscode.l10n.t('Columns of the defects grid'),
    placeHolder: vscode.l10n.t('Tick the fields to show as columns'),
    matchOnDescription: true,
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.length === 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('A grid needs at least one column; the columns stay as they were.'));
    return undefined;
  }
  return items.filter((i) => picked.includes(i)).map((i) => i.name);
}

/** The field to group by, null for no grouping, undefined on Escape. */
export async function pickGroupField(catalog: FieldCatalog, current: string | undefined): Promise<string | null | undefined> {
  const none: FieldItem = { name: '', label: vscode.l10n.t('No grouping') };
  const items: FieldItem[] = [none, ...groupableFields(catalog).map((f) => ({ name: f.name, label: f.label, description: f.name, picked: f.name === current }))];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Group the defects by'), matchOnDescription: true, ignoreFocusOut: true });
  if (!picked) return undefined;
  return picked === none ? null : picked.name;
}
