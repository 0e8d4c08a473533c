// Releases and their cycles, so that the reference fields holding their ids (`detected-in-rel`,
// `target-rel`, `detected-in-rcyc`, `target-rcyc`) can be shown and chosen by name (reference
// §16.2: references carry ids only). Read once per project and cached like list values. A server
// without the collections (an older emulator, a site that refuses them) gives an empty catalog
// with the reason, so callers show the id and say why.
import { optionalText } from './dialect/coreValues';
import { ForbiddenError, NotFoundError, UnexpectedAnswerError } from './errors';
import { LoadCache } from './loadCache';
import type { CallOptions } from './options';
import type { ProjectContext } from './projectContext';
import type { Release, ReleaseCatalog } from './types';

const text = (v: unknown): string | undefined => optionalText(v) || undefined;

function release(r: Record<string, unknown>): Release {
  const start = text(r['start-date']);
  const end = text(r['end-date']);
  return { id: Number(text(r.id)) || 0, name: text(r.name) ?? '', ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/** Current ones first (today between start and end), then by start date, newest first. */
export function byRelevance<T extends Release>(items: readonly T[], today: string): T[] {
  const current = (r: Release) => (r.start ?? '') <= today && today <= (r.end ?? '9999');
  return [...items].sort((a, b) => Number(current(b)) - Number(current(a)) || (b.start ?? '').localeCompare(a.start ?? '') || a.name.localeCompare(b.name));
}

export class ReleasesResource {
  private readonly cache = new LoadCache<'catalog', ReleaseCatalog>();

  constructor(private readonly ctx: ProjectContext) {}

  catalog(o: CallOptions & { refresh?: boolean } = {}): Promise<ReleaseCatalog> {
    return this.cache.get('catalog', () => this.load(o.signal), o.refresh);
  }

  private async load(signal: AbortSignal | undefined): Promise<ReleaseCatalog> {
    try {
      const [releases, cycles] = await Promise.all([this.read('releases', signal), this.read('release-cycles', signal)]);
      return {
        releases: releases.map(release),
        cycles: cycles.map((c) => ({ ...release(c), releaseId: Number(text(c['parent-id'])) || 0 })),
      };
    } catch (e) {
      if (!(e instanceof ForbiddenError || e instanceof NotFoundError || e instanceof UnexpectedAnswerError)) throw e;
      const why = e instanceof UnexpectedAnswerError ? e.message : `the server answered HTTP ${e.status ?? '?'}`;
      this.ctx.logger.warn(`${this.ctx.scope.domain}/${this.ctx.scope.project}: releases are shown by id: ${why}`);
      return { releases: [], cycles: [], unavailable: why };
    }
  }

  private async read(collection: string, signal: AbortSignal | undefined): Promise<Record<string, unknown>[]> {
    const dialect = await this.ctx.dialect(signal);
    const res = await this.ctx.transport.json({
      method: 'GET',
      path: dialect.collectionPath(this.ctx.scope, collection),
      params: dialect.collectionParams({ fields: ['id', 'name', 'start-date', 'end-date', ...(collection === 'release-cycles' ? ['parent-id'] : [])], limit: dialect.maxPageSize }),
      signal,
    });
    return dialect.parseCollection(res.body).items;
  }
}
