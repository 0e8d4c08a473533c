// "Update defect": the model names fields by name or label and sends plain values; this turns them
// into the changes the client sends (memo text escaped into a memo document), refuses fields a
// chat edit must not touch, and validates everything against the field metadata and lists before
// a confirmation is shown. Problems come back together, each with its field's label and, for
// list fields, the values the list allows. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { validateEdits } from '../../api/index';
import type { DefectChanges, FieldCatalog, FieldMeta, FieldProblem, FieldValue, ListTree, ReleaseCatalog } from '../../api/index';
import { fieldKind, isReleaseKind } from '../../defects/fieldKind';
import { NO_VALUE, fieldText, findRelease } from '../../defects/fieldText';
import type { ValueNames } from '../../defects/fieldText';
import { valueText } from '../../shared/valueText';
import type { ChangeValue } from './inputs';
import { textToMemoHtml } from '../../defects/memo';

/** Fields a chat update never writes: server-computed flags, and the comments (Add comment appends). */
const NOT_BY_UPDATE: Record<string, string> = {
  'dev-comments': l10n.t('Comments are added with the "Add comment" tool, which appends instead of replacing what others wrote.'),
  attachment: l10n.t('Attachments are managed from the ALM view.'),
  'has-linkage': l10n.t('This flag is computed by the server.'),
  'has-others-linkage': l10n.t('This flag is computed by the server.'),
  'has-change': l10n.t('This flag is computed by the server.'),
};
const MAX_ALLOWED_SHOWN = 30;

export interface ResolvedChange {
  field: string;
  label: string;
  /** The value sent to the server. */
  value: FieldValue;
  /** The value as the user reads it in the confirmation (memo text rather than its HTML). */
  shown: string;
}

export interface ResolvedChanges {
  changes: ResolvedChange[];
  problems: FieldProblem[];
}

export function isMemoField(f: FieldMeta): boolean {
  return fieldKind(f.name, f) === 'memo';
}

/** The field named `key`: its name first, then its label (case-insensitive). */
function findField(fields: FieldCatalog, key: string): FieldMeta | undefined {
  const k = key.trim();
  if (fields.get(k)) return fields.get(k);
  const lower = k.toLowerCase();
  return fields.fields.find((f) => f.name.toLowerCase() === lower) ?? fields.fields.find((f) => f.label.toLowerCase() === lower);
}

function toFieldValue(f: FieldMeta, v: ChangeValue): FieldValue {
  if (v === null) return null;
  if (isMemoField(f)) return String(v).trim() ? textToMemoHtml(String(v)) : null;
  if (typeof v === 'boolean') return v ? 'Y' : 'N';
  if (f.dataType.multiple && typeof v === 'string')
    return v
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof v === 'string' && v.trim() === '') return null;
  return v;
}

/** A value the model sent as the confirmation shows it: as every view writes one, a long memo cut short. */
export function shownValue(v: ChangeValue | FieldValue | undefined, memo = false): string {
  const text = valueText('text', v);
  return memo && text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** The values a list field allows, for the model to pick from after a refusal. */
function allowedValues(f: FieldMeta, lists: ListTree): string | undefined {
  const src = f.dataType.source;
  if (src?.kind !== 'list') return undefined;
  const values = lists.valuesOf(src.listId);
  if (values.length === 0) return undefined;
  const shown = values.slice(0, MAX_ALLOWED_SHOWN).join(', ');
  return values.length > MAX_ALLOWED_SHOWN ? l10n.t('{0} allows: {1}, … ({2} values).', f.label, shown, values.length) : l10n.t('{0} allows: {1}.', f.label, shown);
}

/**
 * A release or cycle named by the model (name, `#id` or id) as the reference to send; a problem
 * naming the choices when the project has none such. Undefined for other fields.
 */
function releaseChange(f: FieldMeta, raw: ChangeValue, releases: ReleaseCatalog | undefined): { value: FieldValue; shown: string } | FieldProblem | undefined {
  const kind = fieldKind(f.name, f);
  if (!isReleaseKind(kind) || raw === null || (typeof raw !== 'string' && typeof raw !== 'number')) return undefined;
  if (String(raw).trim() === '') return { value: null, shown: NO_VALUE };
  const type = kind === 'release' ? 'release' : 'release-cycle';
  if (!releases || releases.unavailable !== undefined) {
    // Without the catalog only an id can be sent; the server checks it.
    const id = Number(String(raw).replace('#', '').trim());
    if (Number.isSafeInteger(id) && id > 0) return { value: { type, id }, shown: `#${id}` };
    return { field: f.name, label: f.label, code: 'other', message: l10n.t('{0} takes an id here: this server does not list releases ({1}).', f.label, releases?.unavailable ?? '?') };
  }
  const found = findRelease(kind, String(raw), releases);
  if (found) return { value: { type, id: found.id }, shown: found.name };
  const names = (kind === 'release' ? releases.releases : releases.cycles).map((r) => r.name);
  const shown = names.slice(0, MAX_ALLOWED_SHOWN).join(', ');
  return {
    field: f.name,
    label: f.label,
    code: 'not-in-list',
    message: l10n.t('"{0}" is not a {1} of this project. It has: {2}.', String(raw), kind === 'release' ? l10n.t('release') : l10n.t('cycle'), shown || l10n.t('(none)')),
  };
}

/**
 * A field's current or new value as the confirmation shows it: as every view writes it (users by
 * full name, releases and other references by name, dates in the locale); memos as plain text.
 */
export function currentText(f: FieldMeta | undefined, field: string, v: FieldValue | undefined, names: ValueNames): string {
  return fieldText(field, v ?? null, names, f);
}

/** `names` (the one names loader's) show users and references by name and resolve releases named by the model. */
export function resolveChanges(input: Record<string, ChangeValue>, fields: FieldCatalog, lists: ListTree, names: ValueNames = {}): ResolvedChanges {
  const { releases } = names;
  const problems: FieldProblem[] = [];
  const changes: ResolvedChange[] = [];
  const entries = input && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  if (entries.length === 0) problems.push({ code: 'other', message: l10n.t('No field to change was given.') });
  for (const [key, raw] of entries) {
    const f = findField(fields, key);
    if (!f) {
      problems.push({ field: key, label: key, code: 'unknown-field', message: l10n.t('"{0}" is not a defect field (use a field name or label as "Get defect" shows them).', key) });
      continue;
    }
    if (NOT_BY_UPDATE[f.name]) {
      problems.push({ field: f.name, label: f.label, code: 'read-only', message: l10n.t('{0} cannot be changed here. {1}', f.label, NOT_BY_UPDATE[f.name]) });
      continue;
    }
    if (changes.some((c) => c.field === f.name)) {
      problems.push({ field: f.name, label: f.label, code: 'other', message: l10n.t('{0} is named twice.', f.label) });
      continue;
    }
    const release = releaseChange(f, raw, releases);
    if (release && 'code' in release) problems.push(release);
    else if (release) changes.push({ field: f.name, label: f.label, ...release });
    else {
      const value = toFieldValue(f, raw);
      changes.push({ field: f.name, label: f.label, value, shown: isMemoField(f) ? shownValue(raw, true) : currentText(f, f.name, value, names) });
    }
  }
  const edits: DefectChanges = Object.fromEntries(changes.map((c) => [c.field, c.value]));
  for (const p of validateEdits(edits, fields, lists)) {
    const f = p.field ? fields.get(p.field) : undefined;
    const hint = p.code === 'not-in-list' && f ? allowedValues(f, lists) : undefined;
    problems.push(hint ? { ...p, message: `${p.message} ${hint}` } : p);
  }
  return { changes, problems };
}
