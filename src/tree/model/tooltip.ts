// The Markdown tooltip of a defect row. Field values come from the server and may hold Markdown or
// HTML; every value is escaped so it shows as text and cannot inject links or images.
import type { Defect } from '../../api';

const ROWS: [string, string][] = [
  ['status', 'Status'],
  ['severity', 'Severity'],
  ['priority', 'Priority'],
  ['owner', 'Assigned To'],
  ['detected-by', 'Detected By'],
  ['creation-time', 'Detected On'],
  ['last-modified', 'Modified'],
];

/**
 * Escapes what makes Markdown markup inside a line (emphasis, code, links, images, tables, HTML)
 * so `text` renders literally; `-`, `.` and `#` only matter at a line start, which values never are.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()|~!<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`)).replace(/\r?\n/g, ' ');
}

export function defectTooltip(defect: Defect): string {
  const lines = [`**Defect ${defect.id}**: ${escapeMarkdown(String(defect.name ?? ''))}`, '', '| | |', '|---|---|'];
  for (const [field, label] of ROWS) {
    const v = defect[field];
    const shown = v === null || v === undefined || v === '' ? '—' : escapeMarkdown(typeof v === 'object' ? JSON.stringify(v) : String(v));
    lines.push(`| ${label} | ${shown} |`);
  }
  return lines.join('\n');
}

/** "Open · 2-Medium · alice" (missing values left out; no owner reads "unassigned"). */
export function defectDescription(defect: Defect): string {
  const parts = [defect.status, defect.severity].filter((v): v is string => typeof v === 'string' && v !== '');
  parts.push(typeof defect.owner === 'string' && defect.owner ? defect.owner : 'unassigned');
  return parts.join(' · ');
}
