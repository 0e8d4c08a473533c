// The defect ids of a grid selection (index ranges of one query's result): ids of the pages the
// grid has shown are known already; the pages it never held (a Shift range over 9,000 rows) are
// read from the server, ids only, several pages a request. Ids come back in the result's order,
// each once; rows past the result's end (it shrank meanwhile) are left out. Each read also takes the
// row just before and just after it where the grid holds those: when they are no longer the defects
// the grid showed there, the result has moved on the server (a defect added, removed or re-sorted)
// and the positions would name other defects than the user selected, so the read stops
// (SelectionMovedError) rather than update those. So does a read whose result no longer has the
// size the grid showed (a defect removed), or that holds a defect newer than any the grid could
// have shown (added since, somewhere no neighbouring row would see: one added and another removed
// inside the same unread stretch). The ranges come from the page and are clipped to the result
// first: a range past its end names no row (issue 38.7). No `vscode` import.
import { clippedTo } from '../../shared/rowRanges';
import type { IndexRange } from '../../shared/rowRanges';

/** Reads the ids of rows `offset`… (at most `limit`) of the grid's query, and the result's size now. */
type FetchIds = (offset: number, limit: number, signal: AbortSignal) => Promise<{ ids: number[]; total: number }>;

export interface SelectionIdsOptions {
  pageSize: number;
  /** The result's size as the grid showed it: rows past it are no rows; another size now means it moved. */
  total: number;
  /** The highest defect id when the grid was opened: a higher one read was added since (undefined: not checked). */
  newestId?: number;
  /** The ids of a page the grid has shown, if it has. */
  known(page: number): readonly number[] | undefined;
  fetchIds: FetchIds;
  signal: AbortSignal;
  /** Pages read per request. */
  pagesPerRequest?: number;
  /** After each request: pages still to read, of all to read. */
  onProgress?(done: number, of: number): void;
}

/** The rows read from the server are no longer where the grid showed them. */
export class SelectionMovedError extends Error {
  constructor(readonly position: number) {
    super(`the result changed on the server: row ${position + 1} is no longer the defect the grid showed there`);
    this.name = 'SelectionMovedError';
  }
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

export async function selectionIds(requested: readonly IndexRange[], o: SelectionIdsOptions): Promise<number[]> {
  const { pageSize } = o;
  const ranges = clippedTo(requested, o.total);
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
    const start = run[0] * pageSize;
    const length = run.length * pageSize;
    // The rows on either side that the grid showed, to check the read against.
    const before = run[0] > 0 ? o.known(run[0] - 1)?.[pageSize - 1] : undefined;
    const after = o.known(run[run.length - 1] + 1)?.[0];
    const lead = before === undefined ? 0 : 1;
    const { ids: read, total } = await o.fetchIds(start - lead, length + lead + (after === undefined ? 0 : 1), o.signal);
    if (total !== o.total) throw new SelectionMovedError(Math.min(total, o.total));
    if (before !== undefined && read[0] !== before) throw new SelectionMovedError(start - 1);
    if (after !== undefined && read[lead + length] !== after) throw new SelectionMovedError(start + length);
    const ids = read.slice(lead, lead + length);
    const added = o.newestId === undefined ? -1 : ids.findIndex((id) => id > (o.newestId ?? Infinity));
    if (added >= 0) throw new SelectionMovedError(start + added);
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
