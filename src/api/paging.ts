// Walks a collection page by page to the end. It never caps silently: it stops at `total-count`
// (or, when a server sends none, at the first short page) and throws if the server stops early.
import { AnswerTooLargeError, ServerError } from './errors';
import type { CollectionEnvelope } from './dialect/dialect';
import type { PagedQuery } from './surface';
import type { Page } from './types';

export type FetchPage = (offset: number, limit: number) => Promise<CollectionEnvelope>;

export function toPage<T>(env: CollectionEnvelope, offset: number, limit: number, map: (r: Record<string, unknown>) => T): Page<T> {
  return pageOf(env.items.map(map), env.total, offset, limit);
}

/** A page of `items` read at `offset` asking for `limit`, with the server's total when it said one. */
function pageOf<T>(items: T[], said: number | undefined, offset: number, limit: number): Page<T> {
  const nextOffset = offset + items.length;
  // Without total-count a full page may be followed by more.
  const total = said ?? (items.length < limit ? nextOffset : nextOffset + 1);
  return { items, total, offset, nextOffset, hasMore: nextOffset < total && items.length > 0 };
}

/**
 * One page of at most `limit` items. An answer past the client's size limit (a page of long memos)
 * is asked again for half as many items, down to one: the walk goes on in smaller pages instead of
 * failing. Resolves with the page and the size that fitted, which the walk keeps.
 */
async function fetchFitting(fetch: (limit: number) => Promise<CollectionEnvelope>, limit: number): Promise<{ env: CollectionEnvelope; limit: number }> {
  for (;;) {
    try {
      return { env: await fetch(limit), limit };
    } catch (e) {
      if (!(e instanceof AnswerTooLargeError) || limit <= 1) throw e;
      limit = Math.floor(limit / 2);
    }
  }
}

/** The one "server stopped early" rule: no items before `total` means the list would be incomplete. */
function assertNotCutShort(items: number, offset: number, total: number | undefined): void {
  if (items === 0 && total !== undefined && offset < total) {
    throw new ServerError(`The server stopped returning items at ${offset} of ${total}; the list would be incomplete. Refresh to try again.`);
  }
}

/**
 * The one walker over `page()` reads (offset paging, as a view asks for one page at a time): every
 * page from the first to the last, throwing where the server stops short of its total instead of
 * returning part of the list as if it were all. The caller may stop early (a result limit).
 */
export async function* pagesOf<T>(read: (offset: number) => Promise<Page<T>>): AsyncGenerator<Page<T>> {
  for (let offset = 0; ;) {
    const page = await read(offset);
    assertNotCutShort(page.items.length, offset, page.total);
    yield page;
    if (!page.hasMore || page.items.length === 0) return;
    offset = page.nextOffset;
  }
}

/**
 * The first `limit` items of a collection the caller bounds (a defect's links, its history), read
 * `pageSize` at a time with pagesOf's walk and its "server stopped early" rule. A page longer than
 * asked is cut, so memory stays bounded whatever a server sends. `total` is the server's count when
 * it gave one, else what was read.
 */
export async function readUpTo<T>(fetch: (offset: number, limit: number) => Promise<{ items: T[]; total?: number }>, limit: number, pageSize: number): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let said = 0;
  const read = async (offset: number): Promise<Page<T>> => {
    const size = Math.min(pageSize, limit - offset);
    const answer = await fetch(offset, size);
    said = Math.max(said, answer.total ?? 0);
    return pageOf(answer.items.slice(0, size), answer.total, offset, size);
  };
  for await (const page of pagesOf(read)) {
    items.push(...page.items);
    if (items.length >= limit) break;
  }
  return { items, total: Math.max(said, items.length) };
}

export class PagedCollection<T> implements PagedQuery<T> {
  private knownTotal: number | undefined;

  constructor(
    private readonly fetch: FetchPage,
    private readonly pageSize: number,
    private readonly map: (r: Record<string, unknown>) => T,
    private readonly startOffset = 0,
  ) {}

  get total(): number | undefined {
    return this.knownTotal;
  }

  async *pages(): AsyncGenerator<Page<T>> {
    let offset = this.startOffset;
    let size = this.pageSize;
    for (;;) {
      const { env, limit } = await fetchFitting((n) => this.fetch(offset, n), size);
      size = limit;
      const page = toPage(env, offset, size, this.map);
      if (env.total !== undefined) this.knownTotal = env.total;
      assertNotCutShort(page.items.length, offset, env.total);
      yield page;
      if (!page.hasMore) {
        if (env.total === undefined) this.knownTotal = page.nextOffset;
        return;
      }
      offset = page.nextOffset;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.items;
  }
}

export type FetchAfter = (lastId: number | undefined, limit: number) => Promise<CollectionEnvelope>;

/**
 * Walks a collection in id order by asking for `id > last seen` instead of growing offsets:
 * the server never re-scans skipped rows (walking 100,000 defects stays linear), and inserts or
 * deletes during the walk cannot shift items into duplicates or gaps. `total-count` of each page
 * counts what is left, so the first page gives the total.
 */
export class KeysetCollection<T extends { id: number }> implements PagedQuery<T> {
  private knownTotal: number | undefined;

  constructor(
    private readonly fetch: FetchAfter,
    private readonly pageSize: number,
    private readonly map: (r: Record<string, unknown>) => T,
  ) {}

  get total(): number | undefined {
    return this.knownTotal;
  }

  async *pages(): AsyncGenerator<Page<T>> {
    let lastId: number | undefined;
    let offset = 0;
    let size = this.pageSize;
    for (;;) {
      const { env, limit } = await fetchFitting((n) => this.fetch(lastId, n), size);
      size = limit;
      const items = env.items.map(this.map);
      if (lastId === undefined) this.knownTotal = env.total;
      const remaining = env.total;
      if (items.length === 0 && remaining !== undefined && remaining > 0) {
        throw new ServerError(`The server stopped returning items after ${offset} of ${this.knownTotal ?? '?'}; the list would be incomplete. Refresh to try again.`);
      }
      let previous = lastId ?? Number.NEGATIVE_INFINITY;
      for (const item of items) {
        if (item.id <= previous) throw new ServerError('The server did not return items in id order; the walk cannot continue safely.');
        previous = item.id;
      }
      const last = items.at(-1)?.id;
      const nextOffset = offset + items.length;
      const hasMore = items.length > 0 && (remaining !== undefined ? remaining > items.length : items.length >= size);
      const total = this.knownTotal ?? (hasMore ? nextOffset + 1 : nextOffset);
      yield { items, total, offset, nextOffset, hasMore };
      if (!hasMore) {
        if (this.knownTotal === undefined) this.knownTotal = nextOffset;
        return;
      }
      lastId = last;
      offset = nextOffset;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.items;
  }
}
