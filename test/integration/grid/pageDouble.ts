// What the grid's controller talks to in the integration tests, in place of VS Code: a page that
// records every message posted to it and lets a test wait for the next one it expects (an event,
// never a fixed time), the quick picks answered by the test, progress run at once and recorded,
// and the extension's services (Update Selected, CSV export, favorites) recorded too.
import type { FieldCatalog, ProjectApi } from '../../../src/api/index';
import { countGroups } from '../../../src/defects/groupCounts';
import type { DefectRef } from '../../../src/defects/refs';
import { ColumnStore } from '../../../src/grid/controller/columns';
import type { GridHost } from '../../../src/grid/controller/gridHost';
import type { GridServices } from '../../../src/grid/services';
import type { HostToGrid } from '../../../src/shared/gridProtocol';
import { Log } from '../../../src/util/log';
import { RecordingSink } from '../../unit/tree/fakes';

type Message<T extends HostToGrid['type']> = Extract<HostToGrid, { type: T }>;

interface Waiter {
  from: number;
  test(m: HostToGrid): boolean;
  resolve(m: HostToGrid): void;
}

/** The page's side of the channel and the VS Code side of the host, as one recorder. */
export class PageDouble implements GridHost {
  readonly messages: HostToGrid[] = [];
  readonly errors: string[] = [];
  readonly opened: DefectRef[] = [];
  readonly progressShown: { title: string; cancellable: boolean }[] = [];
  readonly language = 'en';
  /** The answers the user gives to "Columns…" and "Group by…" (undefined: Escape). */
  columnsAnswer: string[] | undefined;
  groupAnswer: string | null | undefined;
  private waiters: Waiter[] = [];

  post(message: HostToGrid): void {
    // Structured-cloned, as postMessage delivers it: the page never shares the host's objects.
    const m = structuredClone(message);
    this.messages.push(m);
    const index = this.messages.length - 1;
    this.waiters = this.waiters.filter((w) => {
      if (index < w.from || !w.test(m)) return true;
      w.resolve(m);
      return false;
    });
  }

  /** Where the next message will be recorded: `next(…, mark)` looks only at messages from there on. */
  mark(): number {
    return this.messages.length;
  }

  /** The first message of `type` from `from` on that passes `test`, as soon as it is posted. */
  next<T extends HostToGrid['type']>(type: T, test: (m: Message<T>) => boolean = () => true, from = 0): Promise<Message<T>> {
    const matches = (m: HostToGrid): m is Message<T> => m.type === type && test(m as Message<T>);
    const found = this.messages.slice(from).find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ from, test: matches, resolve: (m) => resolve(m as Message<T>) }));
  }

  /** The messages of `type` posted from `from` on. */
  all<T extends HostToGrid['type']>(type: T, from = 0): Message<T>[] {
    return this.messages.slice(from).filter((m): m is Message<T> => m.type === type);
  }

  visible(): boolean {
    return true;
  }

  async pickColumns(_catalog: FieldCatalog, _shown: readonly string[]): Promise<string[] | undefined> {
    return this.columnsAnswer;
  }

  async pickGroupField(_catalog: FieldCatalog, _current: string | undefined): Promise<string | null | undefined> {
    return this.groupAnswer;
  }

  progress<T>(options: { title: string; cancellable: boolean }, task: (report: (increment: number) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
    this.progressShown.push(options);
    return task(() => undefined, new AbortController().signal);
  }

  async openDefect(ref: DefectRef): Promise<void> {
    this.opened.push(ref);
  }

  showError(message: string): void {
    this.errors.push(message);
  }
}

/** The extension's side as the grid sees it: the real group counting and column store, the commands recorded. */
export interface RecordedServices extends GridServices {
  readonly sink: RecordingSink;
  readonly updates: DefectRef[][];
  /** The follow-up marks the Follow-up column shows, by defect id. */
  readonly flags: Map<number, string>;
}

export function recordedServices(api: ProjectApi): RecordedServices {
  const sink = new RecordingSink();
  const stored = new Map<string, unknown>();
  const updates: DefectRef[][] = [];
  const flags = new Map<number, string>();
  return {
    sink,
    updates,
    flags,
    log: Log.create(sink, 'grid'),
    columns: new ColumnStore({
      get: <T>(key: string) => stored.get(key) as T | undefined,
      update: async (key, value) => void stored.set(key, value),
    }),
    project: async () => api,
    countGroups,
    updateSelected: async (defects) => void updates.push(defects),
    exportCsv: async () => undefined,
    saveAsFavorite: async () => undefined,
    flagMark: (ref) => flags.get(ref.id),
  };
}
