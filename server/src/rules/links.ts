// The rules of defect links (reference §16.10), without SQL or HTTP: a link joins two existing,
// different defects, at most once whichever made it, or a defect to an existing requirement, at
// most once; the server names the creator and the date.
// A refused link changes nothing. Links are entities of their own: a lock on either defect does
// not stop one (the defects' link flags are server-kept, like `attachment`).
import type { AlmSession, ProjectStore, ServerContext } from '../context';
import { AlmError } from '../errors';
import { LINK_CATALOG, STANDARD_LINK_TYPES } from '../metadata/linkFields';
import { LIST_IDS } from '../metadata/defectFields';
import { requiredMissing, toStoredValue } from '../metadata/validate';
import { LinkStore } from '../store/links';
import type { LinkRow } from '../store/links';
import type { StoredValue } from '../store/projectTypes';

/** A link write body: field name → one typed value, as the Core tree parses it. */
export type LinkBody = Record<string, unknown>;

export function linkNotFound(id: number): AlmError {
  return new AlmError(404, 'qccore.entity-not-found', `Defect link ${id} does not exist.`, [{ Name: 'id', Value: id }]);
}

/** The validated column values of a new link's body; unknown and server-kept fields are refused. */
function linkValues(store: ProjectStore, body: LinkBody): Record<string, StoredValue> {
  const values: Record<string, StoredValue> = {};
  for (const [name, value] of Object.entries(body)) {
    const def = LINK_CATALOG.field(name);
    if (!def) throw new AlmError(400, 'qccore.unknown-field-name', `Unknown field name '${name}' for entity 'defect-link'.`, [{ Name: 'field', Value: name }]);
    if (def.readOnly) throw new AlmError(403, 'qccore.operation-forbidden', `Field '${name}' of a defect link is read-only: the server fills it.`, [{ Name: 'field', Value: name }]);
    if (def.name === 'link-type' && typeof value === 'string' && value !== '') {
      values[name] = linkType(store, value);
      continue;
    }
    values[name] = toStoredValue(def, value, store);
  }
  for (const def of LINK_CATALOG.fields) if (def.required && (values[def.name] === undefined || values[def.name] === null)) throw requiredMissing(def);
  return values;
}

/** A link type from the project's Link Type list; a project made before links had none and takes the standard ones. */
function linkType(store: ProjectStore, value: string): string {
  const listed = store.listValues(LIST_IDS.linkType);
  const allowed = listed.size > 0 ? [...listed] : STANDARD_LINK_TYPES;
  if (allowed.includes(value)) return value;
  throw new AlmError(400, 'qccore.invalid-list-field-value', `Link type '${value}' is not in the Link Type list; use one of: ${allowed.join(', ')}.`, [
    { Name: 'field', Value: 'link-type' },
    { Name: 'value', Value: value },
  ]);
}

function assertDefect(store: ProjectStore, id: number, end: string): void {
  if (store.defectVerStamp(id) === undefined) {
    throw new AlmError(404, 'qccore.entity-not-found', `Defect ${id} does not exist, so it cannot be the ${end} of a link. Check the defect id.`, [{ Name: 'id', Value: id }]);
  }
}

/** A requirement end must exist: a project without requirements (made before they were kept) takes none. */
function assertRequirement(links: LinkStore, id: number): void {
  if (!links.requirementExists(id)) {
    throw new AlmError(404, 'qccore.entity-not-found', `Requirement ${id} does not exist, so it cannot be the second endpoint of a link. Check the requirement id.`, [{ Name: 'id', Value: id }]);
  }
}

/** Creates a link from a checked body, inside the caller's transaction; throws before anything changes. */
export function createLink(ctx: ServerContext, store: ProjectStore, who: AlmSession, body: LinkBody): LinkRow {
  const values = linkValues(store, body);
  const first = Number(values['first-endpoint-id']);
  const second = Number(values['second-endpoint-id']);
  const secondType = String(values['second-endpoint-type']);
  const links = new LinkStore(store, ctx.now);
  assertDefect(store, first, 'first endpoint (first-endpoint-id)');
  if (secondType === 'requirement') assertRequirement(links, second);
  else if (secondType === 'defect') {
    assertDefect(store, second, 'second endpoint (second-endpoint-id)');
    if (first === second) throw new AlmError(400, 'qccore.general-error', `A defect cannot be linked to itself: first-endpoint-id and second-endpoint-id are both ${first}.`);
  } else {
    throw new AlmError(400, 'qccore.general-error', `This server links defects to defects and requirements: second-endpoint-type must be 'defect' or 'requirement', not '${secondType}'.`, [
      { Name: 'field', Value: 'second-endpoint-type' },
    ]);
  }
  const twin = secondType === 'defect' ? links.between(first, second) : links.toRequirement(first, second);
  if (twin) {
    const ends = secondType === 'defect' ? `Defects ${first} and ${second}` : `Defect ${first} and requirement ${second}`;
    throw new AlmError(409, 'qccore.general-error', `${ends} are already linked (link ${twin.id}); change or delete that link instead of adding another.`, [{ Name: 'id', Value: twin.id }]);
  }
  const id = links.insert({
    firstId: first,
    secondId: second,
    secondType,
    linkType: (values['link-type'] as string | null | undefined) ?? null,
    comment: (values.comment as string | null | undefined) ?? null,
    owner: who.user,
  });
  return links.get(id) as LinkRow;
}

/** Deletes a link, answering it as it was; 404 when there is none. */
export function deleteLink(ctx: ServerContext, store: ProjectStore, id: number): LinkRow {
  const links = new LinkStore(store, ctx.now);
  const row = links.get(id);
  if (!row || !links.delete(id)) throw linkNotFound(id);
  return row;
}

/** Removes the links of a defect being deleted, inside the caller's transaction, and updates the flags of the defects at their other ends. */
export function deleteLinksOf(ctx: ServerContext, store: ProjectStore, defectId: number): void {
  const links = new LinkStore(store, ctx.now);
  for (const link of links.ofDefect(defectId)) links.delete(link.id);
}
