// Looks for likely duplicates while a new defect's summary is typed: once the summary has rested
// for DEBOUNCE_MS, one query for its significant words (none while the user types faster, none
// again for the same words); a newer summary aborts an older query and its answer is dropped.
// No `vscode` import: the timer is handed in, so tests drive it without waiting.
import { isCancellation } from '../../api/index';
import type { Filter } from '../../api/index';
import { DUPLICATE_QUERY_ROWS, duplicateFilter, rankDuplicates, significantWords } from '../../defects/duplicates';
import type { DuplicateCandidate } from '../../defects/duplicates';

export const DEBOUNCE_MS = 600;

/** Runs the query: summaries matching `filter`, at most `rows`, the newest first. */
export type DuplicateSearch = (filter: Filter, rows: number, signal: AbortSignal) => Promise<DuplicateCandidate[]>;
/** Calls `run` after `ms`; the result cancels it. */
export type Schedule = (run: () => void, ms: number) => { dispose(): void };

const defaultSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return { dispose: () => clearTimeout(timer) };
};

export class DuplicateFinder {
  private pending: { dispose(): void } | undefined;
  private running: AbortController | undefined;
  private askedFor = '';
  private disposed = false;

  constructor(
    private readonly search: DuplicateSearch,
    private readonly onResult: (duplicates: DuplicateCandidate[]) => void,
    private readonly onError: (e: unknown) => void,
    private readonly schedule: Schedule = defaultSchedule,
  ) {}

  /** The summary changed: look again once it rests. */
  summaryChanged(summary: string): void {
    if (this.disposed) return;
    this.pending?.dispose();
    this.pending = this.schedule(() => void this.look(summary), DEBOUNCE_MS);
  }

  dispose(): void {
    this.disposed = true;
    this.pending?.dispose();
    this.running?.abort();
  }

  private async look(summary: string): Promise<void> {
    this.pending = undefined;
    const words = significantWords(summary);
    const key = words.join(' ');
    if (key === this.askedFor) return;
    this.askedFor = key;
    this.running?.abort();
    if (words.length === 0) {
      this.onResult([]);
      return;
    }
    const running = new AbortController();
    this.running = running;
    try {
      const found = await this.search(duplicateFilter(words), DUPLICATE_QUERY_ROWS, running.signal);
      if (running.signal.aborted || this.disposed) return;
      this.onResult(rankDuplicates(found, words));
    } catch (e) {
      if (running.signal.aborted || isCancellation(e)) return;
      // Asked again at the next change of the summary.
      this.askedFor = '';
      this.onError(e);
    }
  }
}
