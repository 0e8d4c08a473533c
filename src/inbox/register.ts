// The Inbox feature: the view and its badge, the commands (Mark Read, Mark All Read, Snooze…,
// Check for Changes Now), the polling of the signed-in servers and the optional notification of a
// new assignment (`almDefects.notify.assignments`).
import * as vscode from 'vscode';
import type { ConnectionManager } from '../auth/connectionManager';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import type { FollowUpFeature } from '../followUp';
import { localDay } from '../followUp';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import type { Log } from '../util/log';
import type { Finding } from './detect';
import { InboxState } from './inboxState';
import type { InboxEntry } from './inboxState';
import { INBOX_VIEW_ID, InboxProvider } from './inboxView';
import type { InboxItem } from './inboxView';
import { InboxPoller } from './poller';
import type { PollServer } from './poller';
import { PollSchedule } from './pollSchedule';

export interface InboxDeps {
  manager: ConnectionManager;
  followUps: FollowUpFeature;
  log: Log;
  open(ref: DefectRef): Promise<unknown>;
}

export interface InboxFeature extends vscode.Disposable {
  /** A defect was opened: its entries are read, and its project is watched from now on. */
  opened(ref: DefectRef): void;
  /** A project was opened in the tree: it is watched from now on. */
  watch(project: ProjectRefKey): void;
  /** One check now (Check for Changes Now; the tests). */
  checkNow(): Promise<void>;
}

const SNOOZE_HOURS = [1, 4, 24, 24 * 7];

function pollInterval(): number {
  const n = vscode.workspace.getConfiguration('almDefects').get<number>('inbox.pollInterval', 300);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function registerInbox(context: vscode.ExtensionContext, deps: InboxDeps): InboxFeature {
  const tag = deps.log.child('inbox');
  const state = new InboxState(context.globalState);
  const flags = deps.followUps.store;
  const signedIn = () => deps.manager.all().filter((c) => c.status === 'signed-in');
  const dueFlags = () => flags.due(localDay(new Date())).map((flag) => ({ flag, key: JSON.stringify(flag.ref), unread: !state.isFlagRead(JSON.stringify(flag.ref), flag.due) }));
  const provider = new InboxProvider({
    servers: () => {
      const names = new Set([...signedIn().map((c) => c.name), ...state.visible(Date.now()).map((e) => e.ref.server), ...dueFlags().map((f) => f.flag.ref.server)]);
      return [...names].filter((n) => deps.manager.get(n));
    },
    entries: () => state.visible(Date.now()),
    dueFlags,
  });
  const view = vscode.window.createTreeView(INBOX_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  const redraw = () => {
    provider.refresh();
    const unread = state.unreadCount(Date.now()) + dueFlags().filter((f) => f.unread).length;
    view.badge = unread > 0 ? { value: unread, tooltip: vscode.l10n.t('{0} unread in the ALM Inbox', unread) } : undefined;
  };
  const poller = new InboxPoller({
    servers: () =>
      signedIn().map((c): PollServer => ({ name: c.name, username: c.username, serverTime: (signal) => c.run(async (client) => client.serverTime?.({ signal })), project: (d, p) => c.project(d, p) })),
    projects: () => [...state.projects(), ...pinnedProjects(deps.manager)],
    flagged: (ref) => flags.get(ref) !== undefined,
    found: (project, findings) => announce(state.add(project, findings, Date.now()), findings, deps),
    warn: (m) => tag.warn(m),
  });
  const schedule = new PollSchedule(async () => {
    const outcome = await poller.check();
    // When the last check was: the user knows how current the Inbox is (and a test when a baseline exists).
    if (outcome === 'ok') view.description = vscode.l10n.t('checked {0}', new Date().toLocaleTimeString(vscode.env.language, { hour: '2-digit', minute: '2-digit' }));
    return outcome;
  });
  schedule.setInterval(pollInterval());
  schedule.setFocused(vscode.window.state.focused);
  schedule.setActive(signedIn().length > 0);
  // A server that signs in is checked at once: its first check is the starting point of "new since",
  // so a change made in the first polling period after signing in is not missed.
  let checkedServers = new Set(signedIn().map((c) => c.name));
  const onConnection = () => {
    const now = new Set(signedIn().map((c) => c.name));
    const added = [...now].some((n) => !checkedServers.has(n));
    checkedServers = now;
    schedule.setActive(now.size > 0);
    if (added && pollInterval() > 0) void schedule.runNow();
    redraw();
  };
  if (checkedServers.size > 0 && pollInterval() > 0) void schedule.runNow();
  const disposables: vscode.Disposable[] = [
    provider,
    view,
    new vscode.Disposable(() => schedule.dispose()),
    toDisposable(state.onDidChange(redraw)),
    toDisposable(flags.onDidChange(redraw)),
    vscode.window.onDidChangeWindowState((s) => schedule.setFocused(s.focused)),
    deps.manager.onDidChangeConnection(onConnection),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('almDefects.inbox.pollInterval')) schedule.setInterval(pollInterval());
    }),
    ...commands(state, schedule, tag),
  ];
  redraw();
  return {
    opened: (ref) => {
      state.opened(ref);
      const flag = flags.get(ref);
      if (flag) state.markFlagRead(JSON.stringify(ref), flag.due);
      state.watch(ref);
    },
    watch: (project) => void state.watch(project),
    checkNow: () => schedule.runNow(),
    dispose: () => {
      for (const d of disposables.reverse()) d.dispose();
    },
  };
}

function toDisposable(d: { dispose(): unknown }): vscode.Disposable {
  return new vscode.Disposable(() => d.dispose());
}

/** Projects pinned in a server entry count as opened. */
function pinnedProjects(manager: ConnectionManager): ProjectRefKey[] {
  return manager.all().flatMap((c) => (c.entry.domain && c.entry.project ? [{ server: c.name, domain: c.entry.domain, project: c.entry.project }] : []));
}

function commands(state: InboxState, schedule: PollSchedule, tag: Log): vscode.Disposable[] {
  const keyOf = (arg: unknown): string | undefined => {
    const item = arg as InboxItem | undefined;
    return item?.type === 'entry' ? item.entry.key : undefined;
  };
  return [
    registerCommand(COMMAND.inboxMarkRead, tag, (arg) => {
      const item = arg as InboxItem | undefined;
      if (item?.type === 'flag') state.markFlagRead(item.key, item.flag.due);
      const key = keyOf(arg);
      if (key) state.markRead(key);
    }),
    registerCommand(COMMAND.inboxMarkAllRead, tag, () => state.markAllRead(Date.now())),
    registerCommand(COMMAND.inboxSnooze, tag, async (arg) => {
      const key = keyOf(arg);
      if (!key) return;
      const picked = await vscode.window.showQuickPick(
        SNOOZE_HOURS.map((h) => ({ label: h < 24 ? vscode.l10n.t('{0} hours', h) : vscode.l10n.t('{0} days', h / 24), hours: h })),
        { title: vscode.l10n.t('Snooze for') },
      );
      if (picked) state.snooze(key, Date.now() + picked.hours * 3_600_000);
    }),
    registerCommand(COMMAND.inboxRefresh, tag, () => schedule.runNow()),
  ];
}

/** A notification per new assignment, when the user asked for them. */
function announce(entries: readonly InboxEntry[], findings: readonly Finding[], deps: InboxDeps): void {
  if (vscode.workspace.getConfiguration('almDefects').get<string>('notify.assignments', 'off') !== 'on') return;
  for (const e of entries.filter((x) => x.kind === 'assigned')) {
    if (!findings.some((f) => f.id === e.ref.id && f.kind === 'assigned')) continue;
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Defect {0} was assigned to you: {1}', e.ref.id, e.name), open).then((c) => {
      if (c === open) void deps.open(e.ref);
    });
  }
}
