// The Markdown of a reference's hover. Everything from the server is escaped so it shows as text:
// the memo is turned into plain text first (never its HTML), each line is escaped, and the only
// command links are the two this module writes (Open, Copy Link), which the hover's trust allows.
import * as l10n from '@vscode/l10n';
import type { Defect } from '../api/index';
import { fieldText, releasesNote } from '../defects/fieldText';
import type { ValueNames } from '../defects/fieldText';
import { memoToText } from '../defects/memo';
import { escapeMarkdown } from '../util/markdown';
import type { Lookup } from './lookup';
import type { ProjectTarget } from './patterns';
import { COMMAND } from '../util/commands';

export const HOVER_FIELDS: readonly string[] = ['name', 'status', 'severity', 'owner', 'last-modified', 'target-rel', 'target-rcyc', 'description', 'ver-stamp'];
/** The commands a hover may run; the MarkdownString trusts these and no others. */
export const HOVER_COMMANDS: readonly string[] = [COMMAND.openDefect, COMMAND.copyDefectLink, COMMAND.copyVsCodeLink, COMMAND.chooseDefaultProject];
const DESCRIPTION_LINES = 5;
const LINE_CHARS = 160;

/** `names`: the project's users and releases, so those values read by name. */
export function hoverMarkdown(project: ProjectTarget, id: number, answer: Lookup, names: ValueNames = {}): string {
  const where = escapeMarkdown(l10n.t('{0} on {1}', project.project, project.server));
  switch (answer.kind) {
    case 'found':
      return foundMarkdown(project, answer.defect, where, names);
    case 'missing':
      return l10n.t('**Defect {0}** does not exist in {1}.', id, where);
    case 'signed-out':
      return `**${l10n.t('Defect {0}', id)}** · ${where}\n\n${l10n.t('Signed out: sign in to {0} to see this defect.', escapeMarkdown(project.server))}`;
    case 'unreachable':
      return `**${l10n.t('Defect {0}', id)}** · ${where}\n\n${l10n.t('The server cannot be reached: {0}', escapeMarkdown(answer.message))}`;
    default:
      return `**${l10n.t('Defect {0}', id)}** · ${where}\n\n${l10n.t('Could not read the defect: {0}', escapeMarkdown(answer.message))}`;
  }
}

/** The hover's text when no project is known for plain numbers: says so and offers to choose one (issue 37.8). */
export function noProjectMarkdown(id: number): string {
  const choose = `[${l10n.t('Choose Default Project…')}](command:${COMMAND.chooseDefaultProject} "${l10n.t('Choose the ALM project plain defect numbers belong to')}")`;
  return `**${l10n.t('Defect {0}', id)}**\n\n${l10n.t('No project for plain defect numbers (`almDefects.defaultProject`).')}\n\n${choose}`;
}

function foundMarkdown(project: ProjectTarget, d: Defect, where: string, names: ValueNames): string {
  // Users and releases by name, like every view outside the editor (defects/fieldText.ts).
  const text = (field: string) => escapeMarkdown(fieldText(field, d[field], names));
  const lines = [
    l10n.t('**Defect {0}**: {1}', d.id, text('name')),
    '',
    l10n.t('Status: {0} · Severity: {1} · Assigned to: {2} · Modified: {3}', text('status'), text('severity'), text('owner'), text('last-modified')),
  ];
  if (d['target-rel']) {
    const cycle = d['target-rcyc'] ? ` / ${text('target-rcyc')}` : '';
    const note = releasesNote(names);
    lines.push('', l10n.t('Target: {0}', `${text('target-rel')}${cycle}`) + (note ? ` _(${escapeMarkdown(note)})_` : ''));
  }
  const description = descriptionLines(typeof d.description === 'string' ? d.description : '');
  if (description.length) lines.push('', ...description.map((l) => `${l}  `));
  const ref = { ...project, id: d.id };
  const arg = encodeURIComponent(JSON.stringify([ref]));
  const open = `[${l10n.t('Open')}](command:almDefects.openDefect?${arg} "${l10n.t('Open defect {0}', d.id)}")`;
  const copy = `[${l10n.t('Copy Link')}](command:almDefects.copyDefectLink?${arg} "${l10n.t('Copy the link to defect {0}', d.id)}")`;
  const copyVs = `[${l10n.t('Copy VS Code Link')}](command:${COMMAND.copyVsCodeLink}?${arg} "${l10n.t('Copy a link that opens defect {0} in VS Code', d.id)}")`;
  lines.push('', `${open} · ${copy} · ${copyVs} · ${where}`);
  return lines.join('\n');
}

/** The first lines of the memo as escaped plain text; a line that would start a block (heading, list, quote) is escaped too. */
export function descriptionLines(html: string): string[] {
  const all = memoToText(html)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const shown = all.slice(0, DESCRIPTION_LINES).map((l) => {
    const cut = l.length > LINE_CHARS ? `${l.slice(0, LINE_CHARS - 1)}…` : l;
    const escaped = escapeMarkdown(cut);
    return /^([#>+=-]|\d+[.)])/.test(escaped) ? `\\${escaped}` : escaped;
  });
  if (all.length > DESCRIPTION_LINES) shown.push('…');
  return shown;
}
