// The Markdown tooltip of a defect row. Field values come from the server and may hold Markdown or
// HTML; every value is escaped so it shows as text and cannot inject links or images.
import * as l10n from '@vscode/l10n';
import type { Defect } from '../../api';
import { fieldText, releasesNote, usersNote } from '../../defects/fieldText';
import type { ValueNames } from '../../defects/fieldText';
import { escapeMarkdown } from '../../util/markdown';

const ROWS: [string, string][] = [
  ['status', l10n.t('Status')],
  ['severity', l10n.t('Severity')],
  ['priority', l10n.t('Priority')],
  ['owner', l10n.t('Assigned To')],
  ['detected-by', l10n.t('Detected By')],
  ['target-rel', l10n.t('Target Release')],
  ['creation-time', l10n.t('Detected On')],
  ['last-modified', l10n.t('Modified')],
];

/**
 * Escapes what makes Markdown markup inside a line (emphasis, code, links, images, tables, HTML)
 * so `text` renders literally; `-`, `.` and `#` only matter at a line start, which values never are.
 */
export function defectTooltip(defect: Defect, names: ValueNames = {}): string {
  const lines = [l10n.t('**Defect {0}**: {1}', defect.id, escapeMarkdown(String(defect.name ?? ''))), '', '| | |', '|---|---|'];
  for (const [field, label] of ROWS) {
    // A field the row was not read with (an older page) is left out rather than shown empty.
    if (field === 'target-rel' && !(field in defect)) continue;
    lines.push(`| ${label} | ${escapeMarkdown(fieldText(field, defect[field], names))} |`);
  }
  const links = linkText(defect);
  if (links) lines.push(`| ${l10n.t('Links')} | ${links} |`);
  // Why users or releases read as login names or ids, when they do (the one names loader keeps the reason).
  const notes = [defect['target-rel'] ? releasesNote(names) : undefined, usersNote(names)].filter((n): n is string => n !== undefined);
  for (const note of notes) lines.push('', `_${escapeMarkdown(note)}_`);
  return lines.join('\n');
}

/**
 * Summary characters a row's label keeps. VS Code cuts the row at the view's edge; the whole summary
 * is in the tooltip.
 */
const ROW_SUMMARY_CHARS = 40;

/**
 * "6002: Open · alice — Voucher field accepts expired codes…": the id, then the status and owner a
 * triager scans for, then the summary cut at a word past ROW_SUMMARY_CHARS. The status and owner
 * come first because anything after a summary was cut off at the default sidebar width (issue 37).
 */
export function defectRowLabel(defect: Defect): string {
  const name = typeof defect.name === 'string' ? defect.name : '';
  return `${defect.id}: ${[defectLead(defect), shortSummary(name)].filter(Boolean).join(' — ')}`;
}

/** "Open · alice" (a missing status left out; no owner reads "unassigned"). */
function defectLead(defect: Defect): string {
  const status = typeof defect.status === 'string' ? defect.status : '';
  const owner = typeof defect.owner === 'string' && defect.owner ? defect.owner : l10n.t('unassigned');
  return [status, owner].filter(Boolean).join(' · ');
}

function shortSummary(name: string): string {
  if (name.length <= ROW_SUMMARY_CHARS) return name;
  const space = name.lastIndexOf(' ', ROW_SUMMARY_CHARS - 1);
  // A word boundary unless the last word is very long (a path, a URL): then mid-word.
  const end = space >= ROW_SUMMARY_CHARS * 0.6 ? space : ROW_SUMMARY_CHARS - 1;
  return `${name.slice(0, end).trimEnd()}…`;
}

/** "2-Medium", "· linked" when it has links: what follows the label (the status and owner are in it). */
export function defectDescription(defect: Defect): string {
  const parts = [defect.severity].filter((v): v is string => typeof v === 'string' && v !== '');
  if (linksOf(defect).any) parts.push(l10n.t('linked'));
  return parts.join(' · ');
}

/**
 * The server-kept link flags the row is read with (no request per row): `has-linkage` when the defect
 * links to something, `has-others-linkage` when another defect links to it; `Y`/`N` on the wire (seed
 * note 4), a boolean from some clients' answers.
 */
function linksOf(defect: Defect): { out: boolean; in: boolean; any: boolean } {
  const flag = (v: unknown) => v === true || v === 'Y' || v === 'y' || v === 'true';
  const out = flag(defect['has-linkage']);
  const into = flag(defect['has-others-linkage']);
  return { out, in: into, any: out || into };
}

function linkText(defect: Defect): string | undefined {
  const links = linksOf(defect);
  if (links.out && links.in) return l10n.t('has links; other defects link to it');
  if (links.out) return l10n.t('has links');
  if (links.in) return l10n.t('other defects link to it');
  return undefined;
}
