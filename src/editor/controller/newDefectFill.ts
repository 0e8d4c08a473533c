// A new defect's first values: the built-in ones, then the project's template
// (almDefects.newDefectDefaults), then what the user reported from (a report from code). Fields the
// form does not offer (or cannot write) are left out, and the notice says which fields the template
// and the report filled, so the user checks them. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { localDate } from '../../defects/comments';
import { findNamed } from '../../defects/fieldText';
import type { FieldView, WireValue } from '../../shared/editorProtocol';
import type { EditState } from './editState';
import type { FormMetadata } from './formMetadata';
import type { Notices } from './notices';

/** Values a new defect's form starts with, and where they came from (the form says so). */
export interface NewDefectPrefill {
  /** The project's `almDefects.newDefectDefaults` values. */
  template?: Readonly<Record<string, WireValue>>;
  /** Values from where the user reported from (code, a stack trace); they win over the template's. */
  values?: Readonly<Record<string, WireValue>>;
  /** Where `values` came from, as the form names it (e.g. "the comment at src/app.ts, line 3"). */
  origin?: string;
  /** What the user must check in `values` (secrets masked in a report): the notice is a warning that says it first. */
  warning?: string;
  /** The defect this one is cloned from: it shares the summary, but is not a likely duplicate to offer. */
  sourceId?: number;
}

/** The built-in first values: who reports it, today, and the status New when the list has it. */
export function newDefectDefaults(user: string, now: Date, statusValues: readonly string[]): Record<string, WireValue> {
  const defaults: Record<string, WireValue> = { 'detected-by': user, 'creation-time': localDate(now) };
  if (statusValues.includes('New')) defaults.status = 'New';
  return defaults;
}

export function fillNewDefect(form: EditState, metadata: FormMetadata, notices: Notices, defaults: Record<string, WireValue>, prefill: NewDefectPrefill = {}): void {
  for (const [f, v] of Object.entries(defaults)) form.set(f, v);
  const { template = {}, values = {}, origin, warning } = prefill;
  const writable = (f: string) => metadata.isEditable(f);
  const fromTemplate = Object.keys(template).filter((f) => writable(f) && !Object.hasOwn(values, f));
  const fromReport = Object.keys(values).filter(writable);
  const unknown = [...new Set([...Object.keys(template), ...Object.keys(values)].filter((f) => !writable(f)))];
  const named = (f: string, v: WireValue) =>
    releaseByName(
      metadata.fields.find((view) => view.name === f),
      v,
    );
  for (const f of fromTemplate) form.set(f, named(f, template[f]));
  for (const f of fromReport) form.set(f, named(f, values[f]));
  const labels = (fields: string[]) => fields.map((f) => metadata.label(f)).join(', ');
  const lines: string[] = warning ? [warning] : [];
  if (fromReport.length) lines.push(origin ? l10n.t('Pre-filled from {0}: {1}.', origin, labels(fromReport)) : l10n.t('Pre-filled: {0}.', labels(fromReport)));
  if (fromTemplate.length) lines.push(l10n.t('From the project template (almDefects.newDefectDefaults): {0}.', labels(fromTemplate)));
  if (unknown.length) lines.push(l10n.t('Not offered by this form, so left out: {0}.', unknown.join(', ')));
  if (!lines.length) return;
  if (unknown.length || warning) notices.warning(lines.join(' '));
  else notices.info(lines.join(' '));
}

/**
 * A template's release or cycle named as text ("Release 2.1", or its id) as the reference the picker
 * holds; anything else, and a name the project does not have, as given (validation names it).
 */
function releaseByName(view: FieldView | undefined, v: WireValue): WireValue {
  if (!view?.releases || (typeof v !== 'string' && typeof v !== 'number')) return v;
  const found = findNamed(view.releases, String(v));
  return found ? { type: view.resourceType ?? (view.input === 'cycle' ? 'release-cycle' : 'release'), id: found.id } : v;
}
