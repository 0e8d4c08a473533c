// Which fields "Update Selected" offers and the values each can take, from the project's field
// metadata: list fields with their list's values, user fields with the project's users (full names),
// release and cycle references by name from the release catalog, and plain text, number and date
// fields typed in. Memo fields are not offered: one text set on many defects would replace what each
// says. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { SERVER_COMPUTED_FIELDS, SERVER_OWNED_FIELDS, byRelevance } from '../api/index';
import type { FieldCatalog, FieldMeta, FieldValue, ListTree, ProjectUser, ReleaseCatalog } from '../api/index';
import { fieldKind } from '../defects/fieldKind';

type BulkFieldKind = 'list' | 'user' | 'release' | 'cycle' | 'text' | 'number' | 'date';

export interface BulkField {
  meta: FieldMeta;
  kind: BulkFieldKind;
}

/** A value a picker offers: what it reads as, and what is sent. */
export interface ValueChoice {
  label: string;
  description?: string;
  value: FieldValue;
}

/** Triage fields first, in the order the ALM grid's Update Selected lists them. */
const FIRST = ['status', 'severity', 'priority', 'owner', 'target-rel', 'target-rcyc', 'detected-in-rel', 'detected-in-rcyc'];
const NEVER = new Set(['dev-comments', 'creation-time', 'detected-by', 'closing-date']);

function kindOf(f: FieldMeta): BulkFieldKind | undefined {
  const kind = fieldKind(f.name, f);
  switch (kind) {
    case 'memo':
    case 'reference':
    case 'flag':
      return undefined;
    case 'multi-list':
      return 'list';
    case 'date':
      // A date-time the server types as text is not typed in as a date.
      return f.dataType.name === 'Date' ? 'date' : 'text';
    default:
      // Identifiers held in number fields are typed in as numbers too.
      return kind === 'text' && (f.dataType.name === 'Integer' || f.dataType.name === 'Float') ? 'number' : kind;
  }
}

/** The fields a bulk update can set, triage fields first, then the others by label. */
export function bulkFields(catalog: FieldCatalog): BulkField[] {
  const out: BulkField[] = [];
  for (const meta of catalog.fields) {
    if (!meta.editable || SERVER_OWNED_FIELDS.has(meta.name) || SERVER_COMPUTED_FIELDS.has(meta.name) || NEVER.has(meta.name) || meta.name === 'type') continue;
    if (meta.hidden && !FIRST.includes(meta.name)) continue;
    const kind = kindOf(meta);
    if (kind) out.push({ meta, kind });
  }
  const rank = (f: BulkField) => {
    const i = FIRST.indexOf(f.meta.name);
    return i < 0 ? FIRST.length : i;
  };
  return out.sort((a, b) => rank(a) - rank(b) || a.meta.label.localeCompare(b.meta.label));
}

/** The "(empty)" choice of a field that may be cleared. */
function emptyChoice(f: FieldMeta): ValueChoice[] {
  return f.required ? [] : [{ label: l10n.t('(empty)'), description: l10n.t('clears the field'), value: null }];
}

/** The values a picker offers for `field`; undefined for fields whose value is typed in. */
export function valueChoices(field: BulkField, lists: ListTree, users: readonly ProjectUser[], releases: ReleaseCatalog, today: string): ValueChoice[] | undefined {
  const f = field.meta;
  switch (field.kind) {
    case 'list': {
      const src = f.dataType.source;
      const values = src?.kind === 'list' ? [...new Set(lists.valuesOf(src.listId))] : [];
      return [...values.map((v) => ({ label: v, value: f.dataType.multiple ? [v] : v })), ...emptyChoice(f)];
    }
    case 'user':
      return [...users.map((u) => ({ label: u.fullName && u.fullName !== u.name ? u.fullName : u.name, description: u.name, value: u.name })), ...emptyChoice(f)];
    case 'release':
      return [...byRelevance(releases.releases, today).map((r) => ({ label: r.name, description: `#${r.id}`, value: { id: r.id, type: 'release' } })), ...emptyChoice(f)];
    case 'cycle': {
      const releaseName = (id: number) => releases.releases.find((r) => r.id === id)?.name;
      return [
        ...byRelevance(releases.cycles, today).map((c) => ({
          label: c.name,
          description: [releaseName(c.releaseId), `#${c.id}`].filter(Boolean).join(' · '),
          value: { id: c.id, type: 'release-cycle' },
        })),
        ...emptyChoice(f),
      ];
    }
    default:
      return undefined;
  }
}

/** A typed-in value as sent: numbers as numbers, '' as empty. */
export function typedValue(field: BulkField, text: string): FieldValue {
  const t = text.trim();
  if (t === '') return null;
  return field.kind === 'number' && /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}
