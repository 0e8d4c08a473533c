// A new defect's first values: the built-in ones, then the project's template
// (almDefects.newDefectDefaults), then what the user reported from (a report from code). Fields the
// form does not offer (or cannot write) are left out, and the notice says which fields the template
// and the report filled, so the user checks them. No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { WireValue } from '../../shared/editorProtocol';
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
}

export function fillNewDefect(form: EditState, metadata: FormMetadata, notices: Notices, defaults: Record<string, WireValue>, prefill: NewDefectPrefill = {}): void {
  for (const [f, v] of Object.entries(defaults)) form.set(f, v);
  const { template = {}, values = {}, origin } = prefill;
  const writable = (f: string) => metadata.isEditable(f);
  const fromTemplate = Object.keys(template).filter((f) => writable(f) && !Object.hasOwn(values, f));
  const fromReport = Object.keys(values).filter(writable);
  const unknown = [...new Set([...Object.keys(template), ...Object.keys(values)].filter((f) => !writable(f)))];
  for (const f of fromTemplate) form.set(f, template[f]);
  for (const f of fromReport) form.set(f, values[f]);
  const labels = (fields: string[]) => fields.map((f) => metadata.label(f)).join(', ');
  const lines: string[] = [];
  if (fromReport.length) lines.push(origin ? l10n.t('Pre-filled from {0}: {1}.', origin, labels(fromReport)) : l10n.t('Pre-filled: {0}.', labels(fromReport)));
  if (fromTemplate.length) lines.push(l10n.t('From the project template (almDefects.newDefectDefaults): {0}.', labels(fromTemplate)));
  if (unknown.length) lines.push(l10n.t('Not offered by this form, so left out: {0}.', unknown.join(', ')));
  if (!lines.length) return;
  if (unknown.length) notices.warning(lines.join(' '));
  else notices.info(lines.join(' '));
}
