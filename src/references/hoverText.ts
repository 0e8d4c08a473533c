// The Markdown of a reference's hover. Everything from the server is escaped so it shows as text:
// the memo is turned into plain text first (never its HTML), each line is escaped, and the only
// command links are the two this module writes (Open, Copy Link), which the hover's trust allows.
import type { Defect } from '../api/index';
import { htmlToText } from '../tree/model/memoText';
import { escapeMarkdown } from '../tree/model/tooltip';
import type { Lookup } from './lookup';
import type { ProjectTarget } from './patterns';

export const HOVER_FIELDS: readonly string[] = ['name', 'status', 'severity', 'owner', 'last-modified', 'description', 'ver-stamp'];
/** The commands a hover may run; the MarkdownString trusts these and no others. */
export const HOVER_COMMANDS: readonly string[] = ['almDefects.openDefect', 'almDefects.copyDefectLink'];
const DESCRIPTION_LINES = 5;
const LINE_CHARS = 160;

export function hoverMarkdown(project: ProjectTarget, id: number, answer: Lookup): string {
  const where = escapeMarkdown(`${project.project} on ${project.server}`);
  switch (answer.kind) {
    case 'found':
      return foundMarkdown(project, answer.defect, where);
    case 'missing':
      return `**Defect ${id}** does not exist in ${where}.`;
    case 'signed-out':
      return `**Defect ${id}** · ${where}\n\nSigned out: sign in to ${escapeMarkdown(project.server)} to see this defect.`;
    case 'unreachable':
      return `**Defect ${id}** · ${where}\n\nThe server cannot be reached: ${escapeMarkdown(answer.message)}`;
    default:
      return `**Defect ${id}** · ${where}\n\nCould not read the defect: ${escapeMarkdown(answer.message)}`;
  }
}

/** The hover's text when no project is known for plain numbers. */
export function noProjectMarkdown(id: number): string {
  return `**Defect ${id}**\n\nNo project for defect references: set \`almDefects.defaultProject\` to \`{ "server", "domain", "project" }\`.`;
}

function foundMarkdown(project: ProjectTarget, d: Defect, where: string): string {
  const text = (field: string) => {
    const v = d[field];
    if (v === null || v === undefined || v === '') return '—';
    // A multi-value reads as a list; a reference (rare in these fields) by its type and id.
    return escapeMarkdown(Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? `${v.type} ${v.id}` : String(v));
  };
  const lines = [
    `**Defect ${d.id}**: ${text('name')}`,
    '',
    `Status: ${text('status')} · Severity: ${text('severity')} · Assigned to: ${text('owner')} · Modified: ${text('last-modified')}`,
  ];
  const description = descriptionLines(typeof d.description === 'string' ? d.description : '');
  if (description.length) lines.push('', ...description.map((l) => `${l}  `));
  const ref = { ...project, id: d.id };
  const arg = encodeURIComponent(JSON.stringify([ref]));
  lines.push('', `[Open](command:almDefects.openDefect?${arg} "Open defect ${d.id}") · [Copy Link](command:almDefects.copyDefectLink?${arg} "Copy the link to defect ${d.id}") · ${where}`);
  return lines.join('\n');
}

/** The first lines of the memo as escaped plain text; a line that would start a block (heading, list, quote) is escaped too. */
export function descriptionLines(html: string): string[] {
  const all = htmlToText(html).split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const shown = all.slice(0, DESCRIPTION_LINES).map((l) => {
    const cut = l.length > LINE_CHARS ? `${l.slice(0, LINE_CHARS - 1)}…` : l;
    const escaped = escapeMarkdown(cut);
    return /^([#>+=-]|\d+[.)])/.test(escaped) ? `\\${escaped}` : escaped;
  });
  if (all.length > DESCRIPTION_LINES) shown.push('…');
  return shown;
}
