// Follow-up flags: "come back to this defect on a date", with a note. ALM has no REST resource for
// its own flags (reference §17), so the extension keeps them: one record per defect in global state,
// which Settings Sync carries to the user's other machines. No `vscode` import: tested in plain Node.
import type { DefectRef } from '../defects/refs';
import { Emitter } from '../util/emitter';
import type { Event } from '../util/emitter';

/** The global-state key of every flag (also the key handed to `setKeysForSync`). */
export const FOLLOW_UPS_KEY = 'almDefects.followUps';

export interface FollowUpFlag {
  ref: DefectRef;
  /** `YYYY-MM-DD`, the user's local day. */
  due: string;
  note: string;
  /** The defect's summary when the flag was set from a view that showed it (the Inbox lists it). */
  summary?: string;
}

/** Where the flags are kept: VS Code's global state (a Memento) in the extension, a map in tests. */
export interface FlagMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export type DueState = 'overdue' | 'today' | 'later';

/** One key per defect, from domain keys (a renamed display label never loses a flag). */
function flagKey(ref: DefectRef): string {
  return JSON.stringify([ref.server, ref.domain, ref.project, ref.id]);
}

/** `YYYY-MM-DD` of `d` in local time. */
export function localDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function dueState(flag: Pick<FollowUpFlag, 'due'>, today: string): DueState {
  return flag.due < today ? 'overdue' : flag.due === today ? 'today' : 'later';
}

/**
 * The day a user typed: `YYYY-MM-DD`, `today`, `tomorrow`, `+N` (days from today) or `next week`.
 * Undefined for anything else, or for a date before today.
 */
export function parseDueDate(input: string, now: Date): string | undefined {
  const text = input.trim().toLowerCase();
  const plusDays = (n: number) => localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + n));
  let day: string | undefined;
  if (text === 'today') day = plusDays(0);
  else if (text === 'tomorrow') day = plusDays(1);
  else if (text === 'next week') day = plusDays(7);
  else if (/^\+\d{1,3}$/.test(text)) day = plusDays(Number(text.slice(1)));
  else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const [y, m, d] = text.split('-').map(Number);
    const date = new Date(y, m - 1, d);
    // Rejects 2026-02-31 and the like, which Date would roll over into March.
    if (date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d) day = text;
  }
  return day !== undefined && day >= localDay(now) ? day : undefined;
}

/**
 * The summary a command's argument carries: a tree row holds the defect (`defect.name`), a grid row
 * or chat may pass `name`. Undefined when it shows none (the editor passes a bare reference).
 */
export function summaryFrom(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as { name?: unknown; defect?: { name?: unknown } };
  const name = typeof o.defect?.name === 'string' ? o.defect.name : o.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

/** Reads the stored list leniently: a record another version wrote wrongly is dropped, not fatal. */
function readFlags(raw: unknown): FollowUpFlag[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((f): f is FollowUpFlag => {
      if (typeof f !== 'object' || f === null) return false;
      const o = f as Partial<FollowUpFlag>;
      const r = o.ref as Partial<DefectRef> | undefined;
      return typeof o.due === 'string' && typeof o.note === 'string' && typeof r?.server === 'string' && typeof r.domain === 'string' && typeof r.project === 'string' && typeof r.id === 'number';
    })
    .map(({ ref, due, note, summary }) => ({ ref, due, note, ...(typeof summary === 'string' && summary ? { summary } : {}) }));
}

export class FollowUpStore {
  private readonly changed = new Emitter<void>();
  /** A flag was set or cleared (here, or on another machine once Settings Sync brought it: see `reload`). */
  readonly onDidChange: Event<void> = this.changed.event;
  private flags = new Map<string, FollowUpFlag>();

  constructor(private readonly memento: FlagMemento) {
    this.reload();
  }

  /** Reads the stored flags again (global state changed under us: another window, Settings Sync). */
  reload(): void {
    this.flags = new Map(readFlags(this.memento.get(FOLLOW_UPS_KEY)).map((f) => [flagKey(f.ref), f]));
    this.changed.fire();
  }

  get(ref: DefectRef): FollowUpFlag | undefined {
    return this.flags.get(flagKey(ref));
  }

  all(): FollowUpFlag[] {
    return [...this.flags.values()].sort((a, b) => (a.due === b.due ? a.ref.id - b.ref.id : a.due < b.due ? -1 : 1));
  }

  /** Flags due today or before, earliest first. */
  due(today: string): FollowUpFlag[] {
    return this.all().filter((f) => dueState(f, today) !== 'later');
  }

  async set(flag: FollowUpFlag): Promise<void> {
    const summary = flag.summary ?? this.get(flag.ref)?.summary;
    this.flags.set(flagKey(flag.ref), { ref: { ...flag.ref }, due: flag.due, note: flag.note, ...(summary ? { summary } : {}) });
    await this.save();
  }

  async clear(ref: DefectRef): Promise<boolean> {
    if (!this.flags.delete(flagKey(ref))) return false;
    await this.save();
    return true;
  }

  private async save(): Promise<void> {
    await this.memento.update(FOLLOW_UPS_KEY, this.all());
    this.changed.fire();
  }
}

/** The flag as a row's mark: `⚑ due today`, `⚑ overdue (2026-12-01)`, `⚑ 2026-12-09`. */
export function flagMark(flag: Pick<FollowUpFlag, 'due'>, today: string, words: { today: string; overdue: (day: string) => string }): string {
  const state = dueState(flag, today);
  return `⚑ ${state === 'today' ? words.today : state === 'overdue' ? words.overdue(flag.due) : flag.due}`;
}
