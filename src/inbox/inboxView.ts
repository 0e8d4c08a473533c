// The Inbox view: per signed-in server (a level of its own only when several are), the sections
// Assigned to me, Changed by others, Mentions me and Follow-ups due, with their entries. Unread
// entries are highlighted (VS Code's nearest to bold: the whole label highlighted) and counted in
// the view's badge, which VS Code also shows on the ALM activity-bar icon.
import * as vscode from 'vscode';
import type { DefectRef } from '../defects/refs';
import type { FollowUpFlag } from '../followUp';
import { COMMAND } from '../util/commands';
import type { FindingKind } from './detect';
import type { InboxEntry } from './inboxState';

export const INBOX_VIEW_ID = 'almDefects.inbox';

type Section = FindingKind | 'followUp';
const SECTIONS: readonly Section[] = ['assigned', 'changed', 'mention', 'followUp'];

/** A row of the view. Entries and flags carry `ref`, so the defect commands read them as their argument. */
export type InboxItem =
  | { type: 'server'; server: string }
  | { type: 'section'; server: string; section: Section }
  | { type: 'entry'; entry: InboxEntry; ref: DefectRef }
  | { type: 'flag'; flag: FollowUpFlag; ref: DefectRef; unread: boolean; key: string };

export interface InboxSource {
  servers(): string[];
  entries(): InboxEntry[];
  /** Flags due today or before, with whether the user marked them read. */
  dueFlags(): { flag: FollowUpFlag; unread: boolean; key: string }[];
}

function sectionLabel(s: Section): string {
  switch (s) {
    case 'assigned':
      return vscode.l10n.t('Assigned to me');
    case 'changed':
      return vscode.l10n.t('Changed by others');
    case 'mention':
      return vscode.l10n.t('Mentions me');
    default:
      return vscode.l10n.t('Follow-ups due');
  }
}

function emptyText(s: Section): string {
  return s === 'followUp' ? vscode.l10n.t('none due') : vscode.l10n.t('nothing new');
}

function entryDetail(e: InboxEntry): string {
  if (e.kind === 'assigned') return e.by ? vscode.l10n.t('assigned by {0}', e.by) : vscode.l10n.t('assigned to you');
  if (e.comment) return e.by ? vscode.l10n.t('new comment by {0}', e.by) : vscode.l10n.t('new comment');
  return e.by ? vscode.l10n.t('{0} (by {1})', e.detail, e.by) : e.detail;
}

function label(text: string, unread: boolean): vscode.TreeItemLabel {
  return unread ? { label: text, highlights: [[0, text.length]] } : { label: text };
}

export class InboxProvider implements vscode.TreeDataProvider<InboxItem>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.emitter.event;

  constructor(private readonly source: InboxSource) {}

  refresh(): void {
    this.emitter.fire(undefined);
  }

  getChildren(item?: InboxItem): InboxItem[] {
    const servers = this.source.servers();
    if (!item) return servers.length === 1 ? this.sections(servers[0]) : servers.map((server) => ({ type: 'server', server }));
    if (item.type === 'server') return this.sections(item.server);
    if (item.type !== 'section') return [];
    if (item.section === 'followUp')
      return this.source
        .dueFlags()
        .filter((f) => f.flag.ref.server === item.server)
        .map((f) => ({ type: 'flag', ...f, ref: f.flag.ref }));
    return this.source
      .entries()
      .filter((e) => e.kind === item.section && e.ref.server === item.server)
      .map((entry) => ({ type: 'entry', entry, ref: entry.ref }));
  }

  getTreeItem(item: InboxItem): vscode.TreeItem {
    switch (item.type) {
      case 'server': {
        const t = new vscode.TreeItem(item.server, vscode.TreeItemCollapsibleState.Expanded);
        t.iconPath = new vscode.ThemeIcon('server');
        return t;
      }
      case 'section': {
        const children = this.getChildren(item);
        const unread = children.filter((c) => (c.type === 'entry' ? c.entry.unread : c.type === 'flag' && c.unread)).length;
        // An empty section says so and opens onto nothing (it showed an unfolded row with nothing under
        // it). Its id differs while empty, so VS Code takes the unfolded state afresh when news come.
        const empty = children.length === 0;
        const t = new vscode.TreeItem(sectionLabel(item.section), empty ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded);
        t.description = empty ? emptyText(item.section) : unread ? vscode.l10n.t('{0} unread', unread) : undefined;
        t.id = `inbox/${item.server}/${item.section}${empty ? '/empty' : ''}`;
        t.contextValue = 'alm:inboxSection';
        return t;
      }
      case 'entry': {
        const e = item.entry;
        const t = new vscode.TreeItem(label(`${e.ref.id}: ${e.name}`, e.unread));
        t.description = entryDetail(e);
        t.tooltip = `${e.ref.project} · ${entryDetail(e)}${e.kind === 'mention' ? `\n\n${e.detail}` : ''}`;
        t.iconPath = new vscode.ThemeIcon(e.unread ? 'circle-filled' : 'circle-outline');
        // The highlight is not read out: a screen reader hears "unread" instead.
        if (e.unread) t.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}, unread', `${e.ref.id}: ${e.name}`, entryDetail(e)) };
        t.contextValue = e.unread ? 'alm:inbox+unread' : 'alm:inbox';
        t.id = `inbox/${e.key}`;
        t.command = { command: COMMAND.openDefect, title: vscode.l10n.t('Open Defect'), arguments: [e.ref] };
        return t;
      }
      default: {
        const f = item.flag;
        // As the other sections show a defect ("id: summary") when the flag knows its summary.
        const name = f.summary ? `${f.ref.id}: ${f.summary}` : vscode.l10n.t('Defect {0} ({1})', f.ref.id, f.ref.project);
        const t = new vscode.TreeItem(label(name, item.unread));
        const due = f.note ? `${f.due} · ${f.note}` : f.due;
        t.description = due;
        t.tooltip = `${f.ref.project} · ${due}`;
        t.iconPath = new vscode.ThemeIcon('bookmark');
        if (item.unread) t.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}, unread', name, due) };
        t.contextValue = item.unread ? 'alm:inbox+unread+flag' : 'alm:inbox+flag';
        t.id = `inbox/flag/${item.key}`;
        t.command = { command: COMMAND.openDefect, title: vscode.l10n.t('Open Defect'), arguments: [f.ref] };
        return t;
      }
    }
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private sections(server: string): InboxItem[] {
    return SECTIONS.map((section) => ({ type: 'section', server, section }));
  }
}
