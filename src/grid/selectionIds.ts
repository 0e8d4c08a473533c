// The defect ids of a grid selection (index ranges of one query's result): ids of the pages the
// grid has shown are known already; the pages it never held (a Shift range over 9,000 rows) are
// read from the server, ids only, several pages a request. Ids come back in the result's order,
// each once; rows past the result's end (it shrank meanwhile) are left out. No `vscode` import.
import type { IndexRange } from '../shared/rowRanges';

/** Reads the ids of rows `offset`… (at most `limit`) of the grid's query. */
type FetchIds = (offset: number, limit: number, signal: AbortSignal) => Promise<number[]>;

export interface SelectionIdsOptions {
  pageSize: number;
  /** The ids of a page the grid has shown, if it has. */
  known(page: number): readonly number[] | undefined;
  fetchIds: FetchIds;
  signal: AbortSignal;
  /** Pages read per request. */
  pagesPerRequest?: number;
  /** After each request: pages still to read, of all to read. */
  onProgress?(done: number, of: number): void;
}

/** The pages covering the ranges, in order. */
export function pagesOf(ranges: readonly IndexRange[], pageSize: number): number[] {
  const pages = new Set<number>();
  for (const [from, to] of ranges) for (let p = Math.floor(from / pageSize); p <= Math.floor(to / pageSize); p++) pages.add(p);
  return [...pages].sort((a, b) => a - b);
}

/** Runs of consecutive pages, each at most `max` long. */
function runsOf(pages: readonly number[], max: number): number[][] {
  const runs: number[][] = [];
  for (const p of pages) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === p - 1 && run.length < max) run.push(p);
    else runs.push([p]);
  }
  return runs;
}

export async function selectionIds(ranges: readonly IndexRange[], o: SelectionIdsOptions): Promise<number[]> {
  const { pageSize } = o;
  const pages = new Map<number, readonly number[]>();
  const missing: number[] = [];
  for (const p of pagesOf(ranges, pageSize)) {
    const ids = o.known(p);
    if (ids) pages.set(p, ids);
    else missing.push(p);
  }
  let done = 0;
  for (const run of runsOf(missing, o.pagesPerRequest ?? 10)) {
    o.signal.throwIfAborted();
    const ids = await o.fetchIds(run[0] * pageSize, run.length * pageSize, o.signal);
    run.forEach((p, i) => pages.set(p, ids.slice(i * pageSize, (i + 1) * pageSize)));
    done += run.length;
    o.onProgress?.(done, missing.length);
  }
  const out = new Set<number>();
  for (const [from, to] of ranges) {
    for (let i = from; i <= to; i++) {
      const id = pages.get(Math.floor(i / pageSize))?.[i % pageSize];
      if (id !== undefined) out.add(id);
    }
  }
  return [...out];
}
