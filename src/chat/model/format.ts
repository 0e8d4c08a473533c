// What the read tools return: compact search rows and one defect with every field by its label,
// memos as inert Markdown text and attachments by name and size. Server values are escaped so the
// model reads them as text. No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { Attachment, Defect, FieldCatalog, FieldValue } from '../../api/index';
import { formatBytes } from '../../util/format';
import { escapeMarkdown } from '../../util/markdown';
import { memoToMarkdown } from '../../defects/memo';
import { fieldKind, isReleaseKind } from '../../defects/fieldKind';
import { NO_VALUE, fieldText, releasesNote } from '../../defects/fieldText';
import type { ValueNames } from '../../defects/fieldText';

export const ROW_FIELDS = ['id', 'name', 'status', 'severity', 'priority', 'owner', 'last-modified'] as const;
const ROW_HEADERS = [l10n.t('ID'), l10n.t('Summary'), l10n.t('Status'), l10n.t('Severity'), l10n.t('Priority'), l10n.t('Owner'), l10n.t('Last modified')];
/** Shown first in a defect; the rest follow by label. */
const LEAD_FIELDS = ['status', 'severity', 'priority', 'owner', 'detected-by', 'creation-time', 'last-modified'];
const HIDDEN = new Set(['type', 'id', 'name', 'ver-stamp']);

/** A field value as one escaped line, as every view writes it (defects/fieldText.ts). */
function showValue(field: string, v: FieldValue | undefined, names: ValueNames = {}, fields?: FieldCatalog): string {
  const meta = fields?.get(field);
  // Dates stay as the server writes them: the model reads them better than a locale's form.
  const text = fieldKind(field, meta) === 'date' && typeof v === 'string' && v ? v : fieldText(field, v, names, meta);
  return escapeMarkdown(text || NO_VALUE);
}

export interface SearchSummary {
  where: string;
  description: string;
  total: number;
  limit: number;
}

export function searchResult(rows: readonly Defect[], s: SearchSummary, names: ValueNames = {}): string {
  const head = s.total === 1 ? l10n.t('1 defect in {0} match ({1}).', s.where, s.description) : l10n.t('{0} defects in {1} match ({2}).', s.total, s.where, s.description);
  if (rows.length === 0) return `${head} ${l10n.t('Nothing to show.')}`;
  const more =
    s.total <= rows.length
      ? ` ${l10n.t('Showing all {0} (newest first).', rows.length)}`
      : s.limit < 200
        ? ` ${l10n.t('Showing the first {0} (newest first); {1} more not shown: narrow the filter or raise limit (at most 200).', rows.length, s.total - rows.length)}`
        : ` ${l10n.t('Showing the first {0} (newest first); {1} more not shown: narrow the filter.', rows.length, s.total - rows.length)}`;
  const table = [`| ${ROW_HEADERS.join(' | ')} |`, `|${ROW_HEADERS.map(() => '---').join('|')}|`];
  for (const d of rows) table.push(`| ${ROW_FIELDS.map((f) => showValue(f, d[f], names)).join(' | ')} |`);
  return [head + more, '', ...table].join('\n');
}

export interface DefectDetails {
  defect: Defect;
  fields: FieldCatalog;
  attachments: readonly Attachment[];
  where: string;
  link: string;
  /** The project's user and release names. */
  names?: ValueNames;
}

function isRelease(name: string, fields: FieldCatalog): boolean {
  return isReleaseKind(fieldKind(name, fields.get(name)));
}

function isMemo(fields: FieldCatalog, name: string): boolean {
  return fieldKind(name, fields.get(name)) === 'memo';
}

export function defectResult(x: DefectDetails): string {
  const { defect: d, fields } = x;
  const label = (name: string) => escapeMarkdown(fields.label(name));
  const names = x.names ?? {};
  const lines = [`# ${l10n.t('Defect {0}: {1}', d.id, showValue('name', d.name))}`, '', l10n.t('{0} · link: {1}', x.where, x.link), '', `## ${l10n.t('Fields')}`];
  const shown = Object.keys(d).filter((k) => !HIDDEN.has(k) && !isMemo(fields, k));
  const lead = LEAD_FIELDS.filter((f) => shown.includes(f));
  const rest = shown.filter((f) => !LEAD_FIELDS.includes(f)).sort((a, b) => fields.label(a).localeCompare(fields.label(b)));
  for (const f of [...lead, ...rest]) lines.push(`- ${label(f)} (\`${f}\`): ${showValue(f, d[f], names, fields)}`);
  const note = shown.some((f) => d[f] && isRelease(f, fields)) ? releasesNote(names) : undefined;
  if (note) lines.push('', escapeMarkdown(note));
  const memos = Object.keys(d)
    .filter((k) => isMemo(fields, k))
    .sort((a, b) => Number(b === 'description') - Number(a === 'description'));
  for (const f of memos) {
    const v = d[f];
    const text = memoToMarkdown(typeof v === 'string' ? v : '');
    lines.push('', `## ${label(f)} (\`${f}\`)`, '', text || NO_VALUE);
  }
  lines.push('', `## ${l10n.t('Attachments')}`, '');
  if (x.attachments.length === 0) lines.push(l10n.t('(none)'));
  for (const a of x.attachments) lines.push(`- ${escapeMarkdown(a.name)} (${formatBytes(a.fileSize)})`);
  return lines.join('\n');
}
