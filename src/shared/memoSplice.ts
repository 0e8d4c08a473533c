// A change of a long memo sent as a splice of its value, not the whole value: a typing pause in a
// 1 MB memo posted 1 MB and the host wrote it out again (issue 38). The page writes out the part
// that changed and finds the characters it replaced; the host puts them in its copy of the value,
// which then equals what a whole post would have sent, byte for byte (test/unit/shared/memoSplice.test.ts).
// Types and dependency-free helpers only: imported by the host and the page alike.

/** `removed` characters of the value at `at` replaced by `text`; the value then has `length` characters. */
export interface MemoSplice {
  at: number;
  removed: number;
  text: string;
  length: number;
}

/**
 * `value` with `splice` applied; undefined when the splice was not made against this value (its
 * place is outside it, or the result would not have the length the page has): the page's copy
 * and the host's differ, and neither may be pieced together from the other.
 */
export function applySplice(value: string, splice: MemoSplice): string | undefined {
  const { at, removed, text, length } = splice;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!whole(at) || !whole(removed) || !whole(length) || typeof text !== 'string' || at + removed > value.length) return undefined;
  if (value.length - removed + text.length !== length) return undefined;
  return value.slice(0, at) + text + value.slice(at + removed);
}

/** A field's value (as the host holds it) with `splice` applied; undefined when it cannot be (see applySplice). */
export function splicedValue(value: unknown, splice: MemoSplice): string | undefined {
  return typeof value === 'string' ? applySplice(value, splice) : undefined;
}

/** Characters compared at once while looking for where two texts differ (a slice comparison is a memory comparison). */
const CHUNK = 1024;

/** How many characters `a` and `b` have in common at their start. */
function commonPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let n = 0;
  while (n + CHUNK <= most && a.slice(n, n + CHUNK) === b.slice(n, n + CHUNK)) n += CHUNK;
  while (n < most && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** How many characters `a` and `b` have in common at their end, leaving their first `skip` alone. */
function commonSuffix(a: string, b: string, skip: number): number {
  const most = Math.min(a.length, b.length) - skip;
  let n = 0;
  while (n + CHUNK <= most && a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)) n += CHUNK;
  while (n < most && a.charCodeAt(a.length - n - 1) === b.charCodeAt(b.length - n - 1)) n++;
  return n;
}

/**
 * The splice that turns `before` into `after`, at `offset` in a longer value of `total` characters
 * after it (`before` and `after` are the part of it that changed): only the characters between
 * their common start and end are sent.
 */
export function spliceBetween(before: string, after: string, offset = 0, total = after.length): MemoSplice {
  const start = commonPrefix(before, after);
  const end = commonSuffix(before, after, start);
  return { at: offset + start, removed: before.length - start - end, text: after.slice(start, after.length - end), length: total };
}
