// Links between a defect and other entities: Core's `defect-links` (reference §16.10). A defect is
// the first endpoint of its own links, and the second endpoint (with type `defect`) of links other
// defects made to it: both queries are needed. The server fills the second endpoint's name and
// status; for a link seen from its second end the first endpoint's are read in one more query.
import { scalarText } from './dialect/coreValues';
import { anyOf } from './clauses';
import { ValidationError } from './errors';
import type { CallOptions } from './options';
import type { ProjectContext } from './projectContext';
import type { DefectLink, NewLink } from './types';

const COLLECTION = 'defect-links';
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

export class LinksResource {
  constructor(private readonly ctx: ProjectContext) {}

  /** The links of defect `id` in both directions, the other end named. */
  async of(id: number, o: CallOptions = {}): Promise<DefectLink[]> {
    const [made, received] = await Promise.all([this.query({ 'first-endpoint-id': id }, o), this.query({ 'second-endpoint-id': id, 'second-endpoint-type': 'defect' }, o)]);
    const links = [...made, ...received.filter((r) => !made.some((m) => m.id === r.id))].map((r) => toLink(r, id));
    // The server names only a link's second end, and a live 26.1 leaves a defect's status empty (§16.10).
    await this.nameOtherDefects(
      links.filter((l) => l.otherType === 'defect'),
      o,
    );
    return links.sort((a, b) => a.id - b.id);
  }

  /** Links defect `from` to defect `link.to`; refuses a link to itself or a second link between the same two. */
  async add(from: number, link: NewLink, o: CallOptions = {}): Promise<DefectLink> {
    if (link.to === from) throw new ValidationError('A defect cannot be linked to itself.', [{ code: 'other', message: 'A defect cannot be linked to itself.' }]);
    const existing = await this.of(from, o);
    const twin = existing.find((l) => l.otherType === 'defect' && l.otherId === link.to);
    if (twin) throw new ValidationError(`Defect ${from} is already linked to defect ${link.to}.`, [{ code: 'other', message: `Already linked (link ${twin.id}).` }]);
    const dialect = await this.ctx.dialect(o.signal);
    const fields: Record<string, unknown> = { 'first-endpoint-id': from, 'second-endpoint-id': link.to, 'second-endpoint-type': 'defect' };
    if (link.linkType) fields['link-type'] = link.linkType;
    if (link.comment) fields.comment = link.comment;
    const res = await this.ctx.transport.json({ method: 'POST', path: dialect.collectionPath(this.ctx.scope, COLLECTION), json: dialect.encodeCreate('defect-link', fields), signal: o.signal });
    return toLink(dialect.parseEntity(res.body), from);
  }

  async remove(linkId: number, o: CallOptions = {}): Promise<void> {
    const dialect = await this.ctx.dialect(o.signal);
    await this.ctx.transport.text({ method: 'DELETE', path: dialect.entityPath(this.ctx.scope, COLLECTION, linkId), target: { kind: 'entity' }, signal: o.signal });
  }

  private async query(filter: Record<string, string | number>, o: CallOptions): Promise<Record<string, unknown>[]> {
    const dialect = await this.ctx.dialect(o.signal);
    const res = await this.ctx.transport.json({
      method: 'GET',
      path: dialect.collectionPath(this.ctx.scope, COLLECTION),
      params: dialect.collectionParams({ filter, limit: dialect.maxPageSize }),
      signal: o.signal,
    });
    return dialect.parseCollection(res.body).items;
  }

  /** Name and status of the defects that linked to this one: one query for all of them. */
  private async nameOtherDefects(links: DefectLink[], o: CallOptions): Promise<void> {
    if (links.length === 0) return;
    const dialect = await this.ctx.dialect(o.signal);
    const ids = [...new Set(links.map((l) => l.otherId))];
    const res = await this.ctx.transport.json({
      method: 'GET',
      path: dialect.collectionPath(this.ctx.scope, 'defects'),
      params: dialect.collectionParams({ fields: ['name', 'status'], filter: { id: anyOf(...ids) }, limit: ids.length }),
      signal: o.signal,
    });
    const byId = new Map(dialect.parseCollection(res.body).items.map((d) => [num(d.id), d]));
    for (const l of links) {
      const d = byId.get(l.otherId);
      if (d) Object.assign(l, { otherName: str(d.name) || l.otherName, otherStatus: str(d.status) });
    }
  }
}
