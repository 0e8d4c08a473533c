// The read-only defect view as Markdown: every field by its label, memo fields as plain text.
// Everything from the server is escaped, so the Markdown preview shows it as text. No `vscode`.
import * as l10n from '@vscode/l10n';
import type { Defect, FieldCatalog, FieldValue } from '../../api';
import { htmlToText } from './memoText';
import { escapeMarkdown } from './tooltip';

const MEMO_FIELDS = ['description', 'dev-comments', 'request-note'];
const HEADER_FIELDS = ['status', 'severity', 'priority', 'owner', 'detected-by', 'creation-time', 'last-modified'];

export function renderDefect(d: Defect, fields: FieldCatalog | undefined): string {
  const label = (name: string): string => escapeMarkdown(fields?.label(name) ?? name);
  const lines = [`# ${l10n.t('Defect {0}: {1}', d.id, escapeMarkdown(String(d.name ?? '')))}`, '', `| ${l10n.t('Field')} | ${l10n.t('Value')} |`, '|---|---|'];
  for (const f of HEADER_FIELDS) lines.push(`| ${label(f)} | ${show(d[f])} |`);
  const rest = Object.keys(d)
    .filter((k) => !['type', 'id', 'name', ...HEADER_FIELDS, ...MEMO_FIELDS].includes(k))
    .sort((a, b) => label(a).localeCompare(label(b)));
  for (const f of rest) lines.push(`| ${label(f)} | ${show(d[f])} |`);
  for (const f of MEMO_FIELDS) {
    const text = htmlToText(typeof d[f] === 'string' ? (d[f]) : '');
    if (!text) continue;
    // A memo line starting like a heading or list item stays text.
    lines.push('', `## ${label(f)}`, '', ...text.split('\n').map((l) => (l ? `${escapeMarkdown(l).replace(/^([#+-]|\d+\.)/, '\\$1')}  ` : '')));
  }
  lines.push('', `*${l10n.t('Read-only view.')}*`);
  return lines.join('\n');
}

function show(v: FieldValue | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return escapeMarkdown(v.join(', '));
  if (typeof v === 'object') return escapeMarkdown(`${v.type} ${v.id}`);
  return escapeMarkdown(String(v));
}
