// The inbox's entries and what the user did with them (read, snoozed), and the projects it watches.
// Kept in global state (this machine's: read marks are not worth syncing), bounded in size. One entry
// per defect and kind: a newer finding replaces the older one and makes it unread again. No `vscode` import.
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import { Emitter } from '../util/emitter';
import type { Event } from '../util/emitter';
import type { Finding, FindingKind } from './detect';

const INBOX_KEY = 'almDefects.inbox';
/** Entries kept at most; the oldest read ones go first. */
const MAX_ENTRIES = 300;

export interface InboxEntry {
  key: string;
  kind: FindingKind;
  ref: DefectRef;
  name: string;
  detail: string;
  comment?: boolean;
  by?: string;
  /** When it was found (ms since the epoch, this machine's clock: for ordering only). */
  at: number;
  unread: boolean;
  /** Hidden until then (ms since the epoch). */
  snoozedUntil?: number;
}

interface Stored {
  entries: InboxEntry[];
  projects: ProjectRefKey[];
  /** Follow-up flags marked read, as `<flag key>@<due day>`: a flag is news again on its next due day. */
  readFlags: string[];
}

export interface InboxMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

const refKey = (r: DefectRef) => JSON.stringify([r.server, r.domain, r.project, r.id]);
const projectId = (p: ProjectRefKey) => JSON.stringify([p.server, p.domain, p.project]);

export class InboxState {
  private readonly changed = new Emitter<void>();
  readonly onDidChange: Event<void> = this.changed.event;
  private data: Stored;

  constructor(private readonly memento: InboxMemento) {
    const raw = memento.get<Partial<Stored>>(INBOX_KEY);
    this.data = {
      entries: Array.isArray(raw?.entries) ? raw.entries.filter((e) => typeof e?.key === 'string' && typeof e.ref?.id === 'number') : [],
      projects: Array.isArray(raw?.projects) ? raw.projects.filter((p) => typeof p?.server === 'string') : [],
      readFlags: Array.isArray(raw?.readFlags) ? raw.readFlags.filter((k) => typeof k === 'string') : [],
    };
  }

  /** Entries not snoozed at `now`, newest first. */
  visible(now: number): InboxEntry[] {
    return this.data.entries.filter((e) => !(e.snoozedUntil && e.snoozedUntil > now)).sort((a, b) => b.at - a.at);
  }

  unreadCount(now: number): number {
    return this.visible(now).filter((e) => e.unread).length;
  }

  /** Records findings on `project`; returns the entries that are new or news again. */
  add(project: ProjectRefKey, findings: readonly Finding[], now: number): InboxEntry[] {
    const added: InboxEntry[] = [];
    for (const f of findings) {
      const ref = { ...project, id: f.id };
      const key = `${f.kind}:${refKey(ref)}`;
      const entry: InboxEntry = { key, kind: f.kind, ref, name: f.name, detail: f.detail, at: now, unread: true, ...(f.comment ? { comment: true } : {}), ...(f.by ? { by: f.by } : {}) };
      this.data.entries = [entry, ...this.data.entries.filter((e) => e.key !== key)];
      added.push(entry);
    }
    if (added.length === 0) return added;
    this.bound();
    void this.save();
    return added;
  }

  markRead(key: string): void {
    this.update((e) => e.key === key, { unread: false });
  }

  /** The user opened the defect: its entries are read. */
  opened(ref: DefectRef): void {
    const k = refKey(ref);
    this.update((e) => refKey(e.ref) === k && e.unread, { unread: false });
  }

  markAllRead(now: number): void {
    this.update((e) => e.unread && !(e.snoozedUntil && e.snoozedUntil > now), { unread: false });
  }

  snooze(key: string, until: number): void {
    this.update((e) => e.key === key, { snoozedUntil: until });
  }

  isFlagRead(flagKey: string, due: string): boolean {
    return this.data.readFlags.includes(`${flagKey}@${due}`);
  }

  markFlagRead(flagKey: string, due: string): void {
    const k = `${flagKey}@${due}`;
    if (this.data.readFlags.includes(k)) return;
    this.data.readFlags = [...this.data.readFlags.slice(-(MAX_ENTRIES - 1)), k];
    void this.save();
  }

  /** The projects the user opened (a defect of, or the project in the tree): the ones checked. */
  projects(): readonly ProjectRefKey[] {
    return this.data.projects;
  }

  watch(project: ProjectRefKey): boolean {
    if (this.data.projects.some((p) => projectId(p) === projectId(project))) return false;
    this.data.projects = [...this.data.projects, { server: project.server, domain: project.domain, project: project.project }];
    void this.save();
    return true;
  }

  private update(match: (e: InboxEntry) => boolean, patch: Partial<InboxEntry>): void {
    let any = false;
    this.data.entries = this.data.entries.map((e) => {
      if (!match(e)) return e;
      any = true;
      return { ...e, ...patch };
    });
    if (any) void this.save();
  }

  private bound(): void {
    if (this.data.entries.length <= MAX_ENTRIES) return;
    const read = this.data.entries.filter((e) => !e.unread);
    const drop = new Set(read.slice(-(this.data.entries.length - MAX_ENTRIES)).map((e) => e.key));
    this.data.entries = this.data.entries.filter((e) => !drop.has(e.key)).slice(0, MAX_ENTRIES);
  }

  private async save(): Promise<void> {
    this.changed.fire();
    await this.memento.update(INBOX_KEY, this.data);
  }
}
