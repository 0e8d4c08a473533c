// The entities the Core tree serves and what each supports (`customization/entities`,
// reference §12.1, D-entities), and the catalog behind each entity's field list.
//   XML  <EntityResourceDescriptors><EntityResourceDescriptor collectionName="defects">
//          <SupportsAttachment url="defects/{parent_entity_id}/attachments">true</SupportsAttachment>…
//   JSON {"EntityResourceDescriptors":[{"collectionName":"defects","SupportsAttachment":{"url":"…","value":true},"SupportsVC":false,…}]}
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import { LINK_CATALOG } from '../../metadata/linkFields';
import type { FieldCatalog } from '../../metadata/catalog';
import type { CoreFormat } from '../wire/entity';
import { xmlDocument } from '../../xml';

interface CoreEntityKind {
  name: string;
  collection: string;
  catalog: FieldCatalog;
  attachments: boolean;
  lock: boolean;
}

export const CORE_ENTITIES: readonly CoreEntityKind[] = [
  { name: 'defect', collection: 'defects', catalog: CATALOGS.defects, attachments: true, lock: true },
  { name: 'attachment', collection: 'attachments', catalog: CATALOGS.attachments, attachments: false, lock: false },
  // Its link-type field puts the Link Type list among the used lists, as on a live 26.1 (reference §16.10).
  { name: 'defect-link', collection: 'defect-links', catalog: LINK_CATALOG, attachments: false, lock: false },
  // The collections the defects' release and cycle fields point at (§16.8): their fields answer too (issue 40).
  { name: 'release', collection: 'releases', catalog: CATALOGS.releases, attachments: false, lock: false },
  { name: 'release-cycle', collection: 'release-cycles', catalog: CATALOGS['release-cycles'], attachments: false, lock: false },
];

/** The entity named in `customization/entities/{entity}/…`: the singular type name. */
export function coreEntity(name: string): CoreEntityKind {
  const kind = CORE_ENTITIES.find((e) => e.name === name);
  if (kind) return kind;
  const plural = CORE_ENTITIES.find((e) => e.collection === name);
  const hint = plural ? ` Customization uses the singular entity name: '${plural.name}'.` : ` Known entities: ${CORE_ENTITIES.map((e) => e.name).join(', ')}.`;
  throw new AlmError(404, 'qccore.entity-not-found', `No entity type '${name}' in this project.${hint}`);
}

type Support = [string, string | undefined, boolean];

function supports(kind: CoreEntityKind): Support[] {
  return [
    ['SupportsAttachment', kind.attachments ? `${kind.collection}/{parent_entity_id}/attachments` : undefined, kind.attachments],
    ['SupportsGrouping', undefined, true],
    ['SupportsLock', kind.lock ? `${kind.collection}/{parent_entity_id}/lock` : undefined, kind.lock],
    ['SupportsSubtypes', undefined, false],
    ['SupportsVC', undefined, false],
  ];
}

function descriptorJson(kind: CoreEntityKind): Record<string, unknown> {
  const out: Record<string, unknown> = { collectionName: kind.collection };
  for (const [name, url, value] of supports(kind)) out[name] = url ? { url, value } : value;
  return out;
}

function descriptorNode(kind: CoreEntityKind): Record<string, unknown> {
  const node: Record<string, unknown> = { '@_collectionName': kind.collection };
  for (const [name, url, value] of supports(kind)) node[name] = url ? { '@_url': url, '#text': String(value) } : String(value);
  return node;
}

export function renderEntityDescriptors(format: CoreFormat): { type: string; body: string } {
  if (format === 'json') {
    return { type: 'application/json; charset=utf-8', body: JSON.stringify({ EntityResourceDescriptors: CORE_ENTITIES.map(descriptorJson) }) };
  }
  return { type: 'application/xml; charset=utf-8', body: xmlDocument({ EntityResourceDescriptors: { EntityResourceDescriptor: CORE_ENTITIES.map(descriptorNode) } }) };
}

/** `customization/entities/{entity}`: the one `EntityResourceDescriptor` (HP's REST sample reads it before writes). */
export function renderEntityDescriptor(kind: CoreEntityKind, format: CoreFormat): { type: string; body: string } {
  if (format === 'json') return { type: 'application/json; charset=utf-8', body: JSON.stringify(descriptorJson(kind)) };
  return { type: 'application/xml; charset=utf-8', body: xmlDocument({ EntityResourceDescriptor: descriptorNode(kind) }) };
}
