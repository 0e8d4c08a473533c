// What every feature means by a field's value: when two values are the same, when a value is
// empty, and which fields the server owns. Written once here, below the features (the client's
// update, validation, the editor's edits and conflicts, the change notices) so they cannot drift.
import type { FieldValue } from './types';

/** Fields the server sets on every write: a client never sends them, and they never conflict. */
export const SERVER_OWNED_FIELDS: ReadonlySet<string> = new Set(['id', 'type', 'ver-stamp', 'last-modified']);

/** Flags ALM computes from other data (attachments, links, changes): shown, never edited. */
export const SERVER_COMPUTED_FIELDS: ReadonlySet<string> = new Set(['attachment', 'has-linkage', 'has-others-linkage', 'has-change']);

/** Required fields the server fills itself when a new defect leaves them out. */
export const SERVER_DEFAULTED_FIELDS: ReadonlySet<string> = new Set([...SERVER_OWNED_FIELDS, 'creation-time']);

/**
 * Whether a resource reference points at users: the collection is `user` on a live 26.1, `users` on
 * 12.5x and the emulator. Users travel as login names, every other resource by id (validation, the
 * value typer, the field kind of src/defects/fieldKind.ts).
 */
export function isUserCollection(collection: string): boolean {
  return collection === 'user' || collection === 'users';
}

const ENTITY_TYPES: Readonly<Record<string, string>> = {
  releases: 'release',
  release: 'release',
  release_cycles: 'release-cycle',
  'release-cycles': 'release-cycle',
  'release-cycle': 'release-cycle',
  environments: 'environment',
  environment: 'environment',
};

/**
 * The entity type a reference to a resource collection carries (`{type, id}`): the value typer and
 * the editor's reference inputs write the same one. An unknown collection: its name in the singular.
 */
export function entityTypeOf(collection: string): string {
  return ENTITY_TYPES[collection] ?? collection.replace(/s$/, '');
}

/** A value as the client or the editor holds it (the editor's wire form is the same union). */
type AnyValue = FieldValue | undefined;

/** Empty text, an empty list and null all mean "no value" to ALM. */
export function isEmptyValue(v: AnyValue): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * Whether two values mean the same to ALM: every empty form alike, a multi-value list in any order,
 * a reference by its id, a number and its text alike.
 */
export function sameValue(a: AnyValue, b: AnyValue): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (isEmptyValue(a) || isEmptyValue(b)) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const sorted = (x: string[]) => [...x].sort().join('\u0000');
    return sorted(a) === sorted(b);
  }
  if (typeof a === 'object' && typeof b === 'object' && a && b) return a.id === b.id;
  // A number against its text (or another number); an object never equals a number.
  if (typeof a === 'number' || typeof b === 'number') return typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b);
  return a === b;
}
