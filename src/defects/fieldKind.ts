// What a defect field holds, decided once from its metadata (issue 39): the editor's inputs, bulk
// update's fields, the grid's columns and grouping, CSV, chat, history and the value formatter all
// ask here instead of each testing "is it a memo" or "is it a user field" its own way.
import { SERVER_COMPUTED_FIELDS, isUserCollection } from '../api/index';
import type { FieldMeta } from '../api/index';
import type { FieldKind } from '../shared/valueText';

export type { FieldKind };

const RELEASE_COLLECTIONS = new Set(['release', 'releases']);
const CYCLE_COLLECTIONS = new Set(['release-cycle', 'release-cycles', 'release_cycles']);

/**
 * Well-known fields by name, for callers without metadata (a row read before the catalog, a server
 * whose metadata leaves the type out). Metadata always wins over these.
 */
const BY_NAME: Record<string, FieldKind> = {
  description: 'memo',
  'dev-comments': 'memo',
  owner: 'user',
  'detected-by': 'user',
  'detected-in-rel': 'release',
  'target-rel': 'release',
  'detected-in-rcyc': 'cycle',
  'target-rcyc': 'cycle',
  'creation-time': 'date',
  'closing-date': 'date',
  // A date-time the servers type as a String (26.1's DateTime, the emulator's `datetime`).
  'last-modified': 'date',
};

/** Integer fields that hold identifiers, not amounts: shown as written, never with grouping. */
const IDENTIFIER = /(^|-)(id|reference|ver-stamp)$/;

/** Which catalog a resource reference points into, from its collection name. */
function resourceKind(collection: string): FieldKind {
  if (isUserCollection(collection)) return 'user';
  if (RELEASE_COLLECTIONS.has(collection)) return 'release';
  if (CYCLE_COLLECTIONS.has(collection)) return 'cycle';
  return 'reference';
}

/** The kind of field `name`, from its metadata when known, else from its well-known name. */
export function fieldKind(name: string, meta?: FieldMeta): FieldKind {
  if (!meta) return BY_NAME[name] ?? (SERVER_COMPUTED_FIELDS.has(name) ? 'flag' : 'text');
  const { dataType } = meta;
  const source = dataType.source;
  if (dataType.name === 'Memo' || meta.sanitization === 'HTML') return 'memo';
  if (source?.kind === 'resource') return resourceKind(source.collection);
  // A number bound to a list (26.1's `subject`, a folder id) still holds a number.
  if (dataType.name === 'Integer' || dataType.name === 'Float') return IDENTIFIER.test(name) ? 'text' : 'number';
  if (source?.kind === 'list') return dataType.multiple ? 'multi-list' : 'list';
  if (dataType.name === 'Date') return 'date';
  if (SERVER_COMPUTED_FIELDS.has(name)) return 'flag';
  const known = BY_NAME[name];
  // A name-only guess never turns a field into a memo its metadata calls text.
  return known && known !== 'memo' ? known : dataType.name === 'Reference' ? 'reference' : 'text';
}

/** Release and cycle references: picked and shown by name from the release catalog. */
export const isReleaseKind = (kind: FieldKind): kind is 'release' | 'cycle' => kind === 'release' || kind === 'cycle';
