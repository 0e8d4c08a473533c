// Walks a collection page by page to the end. It never caps silently: it stops at `total-count`
// (or, when a server sends none, at the first short page) and throws if the server stops early.
import { ServerError } from './errors';
import type { CollectionEnvelope } from './dialect/dialect';
import type { PagedQuery } from './surface';
import type { Page } from './types';

export type FetchPage = (offset: number, limit: number) => Promise<CollectionEnvelope>;

export function toPage<T>(env: CollectionEnvelope, offset: number, limit: number, map: (r: Record<string, unknown>) => T): Page<T> {
  const items = env.items.map(map);
  const nextOffset = offset + items.length;
  // Without total-count a full page may be followed by more.
  const total = env.total ?? (items.length < limit ? nextOffset : nextOffset + 1);
  return { items, total, offset, nextOffset, hasMore: nextOffset < total && items.length > 0 };
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
    for (;;) {
      const env = await this.fetch(offset, this.pageSize);
      const page = toPage(env, offset, this.pageSize, this.map);
      if (env.total !== undefined) this.knownTotal = env.total;
      if (page.items.length === 0 && env.total !== undefined && offset < env.total) {
        throw new ServerError(`The server stopped returning items at ${offset} of ${env.total}; the list would be incomplete. Refresh to try again.`);
      }
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
