// Links between a defect and other entities: Core's `defect-links` (reference §16.10). A defect is
// the first endpoint of its own links, and the second endpoint (with type `defect`) of links other
// defects made to it: both queries are needed. The server fills the second endpoint's name and
// status; for a link seen from its second end the first endpoint's are read in more queries.
// Core only: a server detected as `/api` (12.5x) is asked in its Core tree (dialect/coreOnly.ts).
// Any member can add links, so a defect may have thousands, and a hostile server may answer any
// number (issue 38): both directions are read page by page up to LINKS_READ_LIMIT, merged in one
// pass, and the other defects are named in the client's batches of ids (byIds.ts: the server refuses
// more than 500 conditions, and a long URL is refused with 431).
import { scalarText } from './dialect/coreValues';
import { anyOf } from './clauses';
import { idBatches } from './byIds';
import { readUpTo } from './paging';
import { coreDialectFor } from './dialect/coreOnly';
import { ValidationError } from './errors';
import type { CallOptions } from './options';
import type { ProjectContext } from './projectContext';
import type { DefectLink, DefectLinks, NewLink } from './types';

const COLLECTION = 'defect-links';
/** Links read per direction at most; a defect's Links section pages through them. */
export const LINKS_READ_LIMIT = 10_000;
const str = (v: unknown): string => scalarText(Array.isArray(v) ? v[0] : v);
const num = (v: unknown): number => Number(str(v)) || 0;

/** One link record (flat, values as the dialect gives them) as seen from defect `self`. */
export function toLink(r: Record<string, unknown>, self: number): DefectLink {
  const first = num(r['first-endpoint-id']);
  const from = first === self;
  return {
    id: num(r.id),
    direction: from ? 'from' : 'to',
    otherId: from ? num(r['second-endpoint-id']) : first,
    otherType: from ? str(r['second-endpoint-type']) || 'defect' : 'defect',
    otherName: from ? str(r['second-endpoint-name']) : '',
    otherStatus: from ? str(r['second-endpoint-status']) : '',
    linkType: str(r['link-type']),
    comment: str(r.comment),
    owner: str(r.owner),
    created: str(r['creation-time']),
  };
}

/** Both directions' records as links of `self`, each link once (a link to itself is in both), sorted by id. */
export function mergeLinks(made: readonly Record<string, unknown>[], received: readonly Record<string, unknown>[], self: number): DefectLink[] {
  const seen = new Set<number>();
  const links: DefectLink[] = [];
  for (const r of [...made, ...received]) {
    const link = toLink(r, self);
    if (seen.has(link.id)) continue;
    seen.add(link.id);
    links.push(link);
  }
  return links.sort((a, b) => a.id - b.id);
}

type Records = { items: Record<string, unknown>[]; total: number };

export class LinksResource {
  constructor(private readonly ctx: ProjectContext) {}

  /** The links of defect `id` in both directions, the other end named (at most LINKS_READ_LIMIT each way). */
  async of(id: number, o: CallOptions = {}): Promise<DefectLink[]> {
    const { links } = await this.list(id, o);
    await this.name(links, o);
    return links;
  }

  /**
   * The links of defect `id` both ways, sorted by id, without naming the defects that linked to it
   * (name the ones shown with `name`); `total` counts what the server holds, `links` what was read.
   */
  async list(id: number, o: CallOptions = {}): Promise<DefectLinks> {
    const [made, received] = await Promise.all([this.readAll({ 'first-endpoint-id': id }, o), this.readAll({ 'second-endpoint-id': id, 'second-endpoint-type': 'defect' }, o)]);
    const links = mergeLinks(made.items, received.items, id);
    const readTwice = made.items.length + received.items.length - links.length;
    return { links, total: made.total + received.total - readTwice };
  }

  /** Fills in the name and status of the other defects of `links` (a live 26.1 leaves a status empty, §16.10). */
  async name(links: readonly DefectLink[], o: CallOptions = {}): Promise<void> {
    const defects = links.filter((l) => l.otherType === 'defect');
    const batches = idBatches(defects.map((l) => l.otherId));
    if (batches.length === 0) return;
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    const byId = new Map<number, Record<string, unknown>>();
    // Asked in Core (the links' own tree), not through defects.page: the batches are the same rule's.
    for (const batch of batches) {
      const res = await this.ctx.transport.json({
        method: 'GET',
        path: dialect.collectionPath(this.ctx.scope, 'defects'),
        params: dialect.collectionParams({ fields: ['name', 'status'], filter: { id: anyOf(...batch) }, limit: batch.length }),
        signal: o.signal,
      });
      for (const d of dialect.parseCollection(res.body).items) byId.set(num(d.id), d);
    }
    for (const l of defects) {
      const d = byId.get(l.otherId);
      if (d) Object.assign(l, { otherName: str(d.name) || l.otherName, otherStatus: str(d.status) });
    }
  }

  /** Links defect `from` to defect `link.to`; refuses a link to itself or a second link between the same two. */
  async add(from: number, link: NewLink, o: CallOptions = {}): Promise<DefectLink> {
    if (link.to === from) throw new ValidationError('A defect cannot be linked to itself.', [{ code: 'other', message: 'A defect cannot be linked to itself.' }]);
    const twin = await this.between(from, link.to, o);
    if (twin) throw new ValidationError(`Defect ${from} is already linked to defect ${link.to}.`, [{ code: 'other', message: `Already linked (link ${twin.id}).` }]);
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    const fields: Record<string, unknown> = { 'first-endpoint-id': from, 'second-endpoint-id': link.to, 'second-endpoint-type': 'defect' };
    if (link.linkType) fields['link-type'] = link.linkType;
    if (link.comment) fields.comment = link.comment;
    const res = await this.ctx.transport.json({ method: 'POST', path: dialect.collectionPath(this.ctx.scope, COLLECTION), json: dialect.encodeCreate('defect-link', fields), signal: o.signal });
    return toLink(dialect.parseEntity(res.body), from);
  }

  async remove(linkId: number, o: CallOptions = {}): Promise<void> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    await this.ctx.transport.text({ method: 'DELETE', path: dialect.entityPath(this.ctx.scope, COLLECTION, linkId), target: { kind: 'entity' }, signal: o.signal });
  }

  /** A link between defects `a` and `b` either way, asked for exactly (not by listing `a`'s links). */
  private async between(a: number, b: number, o: CallOptions): Promise<DefectLink | undefined> {
    const [made, received] = await Promise.all([
      this.page({ 'first-endpoint-id': a, 'second-endpoint-id': b }, 0, 1, o),
      this.page({ 'first-endpoint-id': b, 'second-endpoint-id': a, 'second-endpoint-type': 'defect' }, 0, 1, o),
    ]);
    return mergeLinks(made.items, received.items, a).find((l) => l.otherType === 'defect' && l.otherId === b);
  }

  /** Every record the filter selects, page by page, up to LINKS_READ_LIMIT (a page longer than asked is cut). */
  private async readAll(filter: Record<string, string | number>, o: CallOptions): Promise<Records> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    return readUpTo((offset, limit) => this.page(filter, offset, limit, o), LINKS_READ_LIMIT, dialect.maxPageSize);
  }

  private async page(filter: Record<string, string | number>, offset: number, limit: number, o: CallOptions): Promise<{ items: Record<string, unknown>[]; total?: number }> {
    const { dialect } = await coreDialectFor(this.ctx, o.signal);
    const res = await this.ctx.transport.json({
      method: 'GET',
      path: dialect.collectionPath(this.ctx.scope, COLLECTION),
      params: dialect.collectionParams({ filter, offset, limit }),
      signal: o.signal,
    });
    return dialect.parseCollection(res.body);
  }
}
