// The Markdown tooltip of a defect row. Field values come from the server and may hold Markdown or
// HTML; every value is escaped so it shows as text and cannot inject links or images.
import * as l10n from '@vscode/l10n';
import type { Defect } from '../../api';
import { fieldText } from '../../defects/fieldText';
import { escapeMarkdown } from '../../util/markdown';

const ROWS: [string, string][] = [
  ['status', l10n.t('Status')],
  ['severity', l10n.t('Severity')],
  ['priority', l10n.t('Priority')],
  ['owner', l10n.t('Assigned To')],
  ['detected-by', l10n.t('Detected By')],
  ['creation-time', l10n.t('Detected On')],
  ['last-modified', l10n.t('Modified')],
];

/**
 * Escapes what makes Markdown markup inside a line (emphasis, code, links, images, tables, HTML)
 * so `text` renders literally; `-`, `.` and `#` only matter at a line start, which values never are.
 */
export function defectTooltip(defect: Defect): string {
  const lines = [l10n.t('**Defect {0}**: {1}', defect.id, escapeMarkdown(String(defect.name ?? ''))), '', '| | |', '|---|---|'];
  for (const [field, label] of ROWS) {
    const text = fieldText(field, defect[field]);
    const shown = text === '' ? '—' : escapeMarkdown(text);
    lines.push(`| ${label} | ${shown} |`);
  }
  return lines.join('\n');
}

/** "Open · 2-Medium · alice" (missing values left out; no owner reads "unassigned"). */
export function defectDescription(defect: Defect): string {
  const parts = [defect.status, defect.severity].filter((v): v is string => typeof v === 'string' && v !== '');
  parts.push(typeof defect.owner === 'string' && defect.owner ? defect.owner : l10n.t('unassigned'));
  return parts.join(' · ');
}
