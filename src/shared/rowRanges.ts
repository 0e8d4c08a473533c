// Sets of row indexes as sorted, disjoint, inclusive ranges: the grid's selection. A Shift range
// from row 10 to row 90,000 is one range whatever the page holds, so its count is exact and the
// host can read the ids of every row in it (src/grid/controller/selectionIds.ts). Shared by the page and the
// host; dependency-free and pure.

/** Rows `from`…`to`, both included (0-based indexes in the grid's result). */
export type IndexRange = readonly [from: number, to: number];

/** Most ranges a selection message may carry (Ctrl+clicks make one each). */
const MAX_RANGES = 100_000;

/** How many rows the ranges cover. */
export function countOf(ranges: readonly IndexRange[]): number {
  return ranges.reduce((n, [from, to]) => n + to - from + 1, 0);
}

/** Whether `index` is in the ranges (binary search). */
export function contains(ranges: readonly IndexRange[], index: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = ranges[mid];
    if (index < from) hi = mid - 1;
    else if (index > to) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The ranges with `from`…`to` added, merged with any range it overlaps or touches. */
export function withRange(ranges: readonly IndexRange[], from: number, to: number): IndexRange[] {
  const [a, b] = from <= to ? [from, to] : [to, from];
  let lo = a;
  let hi = b;
  const out: IndexRange[] = [];
  let placed = false;
  for (const [f, t] of ranges) {
    if (t < lo - 1) out.push([f, t]);
    else if (f > hi + 1) {
      if (!placed) out.push([lo, hi]);
      placed = true;
      out.push([f, t]);
    } else {
      lo = Math.min(lo, f);
      hi = Math.max(hi, t);
    }
  }
  if (!placed) out.push([lo, hi]);
  return out;
}

/** The ranges without `index` (a range holding it splits in two). */
export function withoutIndex(ranges: readonly IndexRange[], index: number): IndexRange[] {
  const out: IndexRange[] = [];
  for (const [f, t] of ranges) {
    if (index < f || index > t) out.push([f, t]);
    else {
      if (f < index) out.push([f, index - 1]);
      if (index < t) out.push([index + 1, t]);
    }
  }
  return out;
}

/** The ranges cut to a result of `total` rows (rows past its end dropped). */
export function clippedTo(ranges: readonly IndexRange[], total: number): IndexRange[] {
  const out: IndexRange[] = [];
  for (const [f, t] of ranges) if (f < total) out.push([f, Math.min(t, total - 1)]);
  return out;
}

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Whether `v` is a well-formed range list (sorted, disjoint, each from ≤ to): the page is not trusted blindly. */
export function isRangeList(v: unknown): v is IndexRange[] {
  if (!Array.isArray(v) || v.length > MAX_RANGES) return false;
  let last = -2;
  for (const r of v) {
    if (!Array.isArray(r) || r.length !== 2 || !isIndex(r[0]) || !isIndex(r[1]) || r[0] > r[1] || r[0] <= last) return false;
    last = r[1];
  }
  return true;
}
