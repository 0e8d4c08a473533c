// The `almDefects.newDefectDefaults` setting: field values every new defect of a project starts
// with. An object keyed by "server/domain/project" (each part may be "*", and "*" alone matches
// every project); every key that matches applies, the more specific ones last so they win:
//   { "*": { "severity": "2-Medium" }, "Demo/DEFAULT/Demo": { "detected-in-rel": "R2" } }
// No `vscode` import, so it is tested in plain mocha.
import * as l10n from '@vscode/l10n';
import type { WireValue } from '../shared/editorProtocol';
import type { ProjectRefKey } from './refs';

interface TemplateEntry {
  /** The key's three parts, "*" for any. */
  readonly parts: readonly [string, string, string];
  readonly values: Readonly<Record<string, WireValue>>;
}

export interface NewDefectTemplates {
  readonly entries: readonly TemplateEntry[];
  /** What was wrong with the setting (skipped, so the rest still applies). */
  readonly problems: readonly string[];
}

/** Reads the setting's value; bad keys and values are skipped and reported. */
export function parseNewDefectDefaults(raw: unknown): NewDefectTemplates {
  if (raw === undefined || raw === null) return { entries: [], problems: [] };
  if (!isRecord(raw)) return { entries: [], problems: [l10n.t('almDefects.newDefectDefaults must be an object keyed by "server/domain/project" (or "*").')] };
  const entries: TemplateEntry[] = [];
  const problems: string[] = [];
  for (const [key, fields] of Object.entries(raw)) {
    const parts = key === '*' ? ['*', '*', '*'] : key.split('/').map((p) => p.trim());
    if (parts.length !== 3 || parts.some((p) => p === '')) {
      problems.push(l10n.t('almDefects.newDefectDefaults: "{0}" is not "server/domain/project" or "*"; it was ignored.', key));
      continue;
    }
    if (!isRecord(fields)) {
      problems.push(l10n.t('almDefects.newDefectDefaults: "{0}" needs an object of field names and values.', key));
      continue;
    }
    const values: Record<string, WireValue> = {};
    for (const [field, value] of Object.entries(fields)) {
      if (isFieldValue(value)) values[field] = value;
      else problems.push(l10n.t('almDefects.newDefectDefaults: the value of "{0}" under "{1}" must be text, a number, true/false or a list of texts.', field, key));
    }
    entries.push({ parts: parts as [string, string, string], values });
  }
  return { entries, problems };
}

/** The values for a new defect of `ref`: every matching entry, the more specific last (they win). */
export function templateFor(templates: NewDefectTemplates, ref: ProjectRefKey): Record<string, WireValue> {
  const wanted = [ref.server, ref.domain, ref.project];
  const matching = templates.entries.filter((e) => e.parts.every((p, i) => p === '*' || p.toLowerCase() === wanted[i].toLowerCase()));
  const specificity = (e: TemplateEntry) => e.parts.filter((p) => p !== '*').length;
  // A stable sort keeps the setting's order between entries of equal specificity.
  const ordered = [...matching].sort((a, b) => specificity(a) - specificity(b));
  return Object.assign({}, ...ordered.map((e) => e.values)) as Record<string, WireValue>;
}

function isFieldValue(v: unknown): v is WireValue {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
