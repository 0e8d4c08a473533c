// What the read tools return: compact search rows and one defect with every field by its label,
// memos as inert Markdown text and attachments by name and size. Server values are escaped so the
// model reads them as text. No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { Attachment, Defect, FieldCatalog, FieldValue } from '../../api/index';
import { formatBytes } from '../../util/format';
import { escapeMarkdown } from '../../util/markdown';
import { memoToMarkdown } from '../../defects/memo';

export const ROW_FIELDS = ['id', 'name', 'status', 'severity', 'priority', 'owner', 'last-modified'] as const;
const ROW_HEADERS = [l10n.t('ID'), l10n.t('Summary'), l10n.t('Status'), l10n.t('Severity'), l10n.t('Priority'), l10n.t('Owner'), l10n.t('Last modified')];
/** Shown first in a defect; the rest follow by label. */
const LEAD_FIELDS = ['status', 'severity', 'priority', 'owner', 'detected-by', 'creation-time', 'last-modified'];
const HIDDEN = new Set(['type', 'id', 'name', 'ver-stamp']);

/** A field value as one escaped line; empty reads as "—". */
function showValue(v: FieldValue | undefined): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return '—';
  if (Array.isArray(v)) return escapeMarkdown(v.join(', '));
  if (typeof v === 'object') return escapeMarkdown(`${v.type} ${v.id}`);
  return escapeMarkdown(String(v));
}

export interface SearchSummary {
  where: string;
  description: string;
  total: number;
  limit: number;
}

export function searchResult(rows: readonly Defect[], s: SearchSummary): string {
  const head = s.total === 1 ? l10n.t('1 defect in {0} match ({1}).', s.where, s.description) : l10n.t('{0} defects in {1} match ({2}).', s.total, s.where, s.description);
  if (rows.length === 0) return `${head} ${l10n.t('Nothing to show.')}`;
  const more =
    s.total <= rows.length
      ? ` ${l10n.t('Showing all {0} (newest first).', rows.length)}`
      : s.limit < 200
        ? ` ${l10n.t('Showing the first {0} (newest first); {1} more not shown: narrow the filter or raise limit (at most 200).', rows.length, s.total - rows.length)}`
        : ` ${l10n.t('Showing the first {0} (newest first); {1} more not shown: narrow the filter.', rows.length, s.total - rows.length)}`;
  const table = [`| ${ROW_HEADERS.join(' | ')} |`, `|${ROW_HEADERS.map(() => '---').join('|')}|`];
  for (const d of rows) table.push(`| ${ROW_FIELDS.map((f) => showValue(d[f])).join(' | ')} |`);
  return [head + more, '', ...table].join('\n');
}

export interface DefectDetails {
  defect: Defect;
  fields: FieldCatalog;
  attachments: readonly Attachment[];
  where: string;
  link: string;
}

function isMemo(fields: FieldCatalog, name: string): boolean {
  const f = fields.get(name);
  return f?.dataType.name === 'Memo' || f?.sanitization === 'HTML' || name === 'description' || name === 'dev-comments';
}

export function defectResult(x: DefectDetails): string {
  const { defect: d, fields } = x;
  const label = (name: string) => escapeMarkdown(fields.label(name));
  const lines = [`# ${l10n.t('Defect {0}: {1}', d.id, showValue(d.name))}`, '', l10n.t('{0} · link: {1}', x.where, x.link), '', `## ${l10n.t('Fields')}`];
  const names = Object.keys(d).filter((k) => !HIDDEN.has(k) && !isMemo(fields, k));
  const lead = LEAD_FIELDS.filter((f) => names.includes(f));
  const rest = names.filter((f) => !LEAD_FIELDS.includes(f)).sort((a, b) => fields.label(a).localeCompare(fields.label(b)));
  for (const f of [...lead, ...rest]) lines.push(`- ${label(f)} (\`${f}\`): ${showValue(d[f])}`);
  const memos = Object.keys(d)
    .filter((k) => isMemo(fields, k))
    .sort((a, b) => Number(b === 'description') - Number(a === 'description'));
  for (const f of memos) {
    const v = d[f];
    const text = memoToMarkdown(typeof v === 'string' ? v : '');
    lines.push('', `## ${label(f)} (\`${f}\`)`, '', text || l10n.t('(empty)'));
  }
  lines.push('', `## ${l10n.t('Attachments')}`, '');
  if (x.attachments.length === 0) lines.push(l10n.t('(none)'));
  for (const a of x.attachments) lines.push(`- ${escapeMarkdown(a.name)} (${formatBytes(a.fileSize)})`);
  return lines.join('\n');
}
