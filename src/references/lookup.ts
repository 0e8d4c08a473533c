// Looks defects up for hovers without request storms: ids asked for within a short window are
// fetched together (one `id[a or b or …]` query per batch), answers (found, missing or failed) are
// kept for a short time, and a second ask for an id already in flight shares that request.
// No `vscode` import: the fetch function comes in, so batching and caching are tested in plain mocha.
import { ID_BATCH } from '../api/index';
import type { Defect } from '../api/index';

export type Lookup =
  | { kind: 'found'; defect: Defect }
  | { kind: 'missing' }
  /** `signed-out`: no usable sign-in; `unreachable`: network, TLS or timeout; `failed`: anything else. */
  | { kind: 'signed-out' | 'unreachable' | 'failed'; message: string };

/** Fetches the defects with these ids of one project (missing ids are simply absent). */
type BatchFetch = (projectKey: string, ids: readonly number[], signal: AbortSignal) => Promise<Defect[]>;

export interface DefectLookupOptions {
  fetch: BatchFetch;
  /** Turns a fetch failure into what the hover says. */
  classify: (error: unknown) => Lookup;
  /** How long an answer is reused. */
  ttlMs?: number;
  /** How long asks are gathered before one batch goes out. */
  windowMs?: number;
  /** Ids gathered before a batch goes out at once; ID_BATCH, the client's ids per query, by default. */
  maxBatch?: number;
  now?: () => number;
}

interface Entry {
  promise: Promise<Lookup>;
  /** When the answer arrived; undefined while in flight. */
  at?: number;
}

interface Pending {
  ids: Map<number, (answer: Lookup) => void>;
  timer: ReturnType<typeof setTimeout>;
}

export class DefectLookup {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Pending>();
  private readonly controller = new AbortController();
  private readonly ttlMs: number;
  private readonly windowMs: number;
  private readonly maxBatch: number;
  private readonly now: () => number;
  /** Queries sent so far (diagnostics and tests). */
  batches = 0;

  constructor(private readonly options: DefectLookupOptions) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.windowMs = options.windowMs ?? 30;
    this.maxBatch = options.maxBatch ?? ID_BATCH;
    this.now = options.now ?? Date.now;
  }

  /** The answer for one defect; `alongWith` are other ids worth fetching in the same batch (visible references). */
  get(projectKey: string, id: number, alongWith: readonly number[] = []): Promise<Lookup> {
    for (const other of alongWith) if (other !== id) void this.ask(projectKey, other);
    return this.ask(projectKey, id);
  }

  /** The answer when one is cached and fresh, without asking. */
  peek(projectKey: string, id: number): Promise<Lookup> | undefined {
    const entry = this.fresh(projectKey, id);
    return entry?.promise;
  }

  /** Forgets every answer (sign-in changed, settings changed). */
  clear(): void {
    this.entries.clear();
  }

  dispose(): void {
    this.controller.abort();
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    this.entries.clear();
  }

  private ask(projectKey: string, id: number): Promise<Lookup> {
    const cached = this.fresh(projectKey, id);
    if (cached) return cached.promise;
    let resolve!: (answer: Lookup) => void;
    const promise = new Promise<Lookup>((r) => (resolve = r));
    const entry: Entry = { promise };
    this.entries.set(key(projectKey, id), entry);
    void promise.then(() => (entry.at = this.now()));
    let batch = this.pending.get(projectKey);
    if (!batch) {
      batch = { ids: new Map(), timer: setTimeout(() => this.flush(projectKey), this.windowMs) };
      this.pending.set(projectKey, batch);
    }
    batch.ids.set(id, resolve);
    if (batch.ids.size >= this.maxBatch) {
      clearTimeout(batch.timer);
      this.flush(projectKey);
    }
    return promise;
  }

  private fresh(projectKey: string, id: number): Entry | undefined {
    const entry = this.entries.get(key(projectKey, id));
    if (!entry) return undefined;
    if (entry.at === undefined || this.now() - entry.at < this.ttlMs) return entry;
    this.entries.delete(key(projectKey, id));
    return undefined;
  }

  private flush(projectKey: string): void {
    const batch = this.pending.get(projectKey);
    if (!batch) return;
    this.pending.delete(projectKey);
    const ids = [...batch.ids.keys()];
    this.batches++;
    this.options
      .fetch(projectKey, ids, this.controller.signal)
      .then((defects) => {
        const byId = new Map(defects.map((d) => [d.id, d]));
        for (const [id, resolve] of batch.ids) {
          const defect = byId.get(id);
          resolve(defect ? { kind: 'found', defect } : { kind: 'missing' });
        }
      })
      .catch((e: unknown) => {
        const answer = this.options.classify(e);
        for (const [id, resolve] of batch.ids) {
          // A failure is not worth remembering for the full lifetime: the next hover asks again.
          this.entries.delete(key(projectKey, id));
          resolve(answer);
        }
      });
  }
}

function key(projectKey: string, id: number): string {
  return `${projectKey}#${id}`;
}
