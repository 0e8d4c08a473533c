// The read-only defect view until the defect editor lands: a virtual Markdown document
// (`alm-defect:` scheme) with every field by its label and memo fields as plain text, opened in
// the Markdown preview. Everything from the server is escaped; nothing is rendered as HTML.
import * as vscode from 'vscode';
import type { Defect, FieldCatalog, FieldValue } from '../../api';
import type { ConnectionManager } from '../../auth/connectionManager';
import { htmlToText } from '../model/memoText';
import type { DefectRef } from '../model/refs';
import { escapeMarkdown } from '../model/tooltip';

export const DEFECT_SCHEME = 'alm-defect';
const MEMO_FIELDS = ['description', 'dev-comments', 'request-note'];
const HEADER_FIELDS = ['status', 'severity', 'priority', 'owner', 'detected-by', 'creation-time', 'last-modified'];

export function defectUri(ref: DefectRef): vscode.Uri {
  const seg = (s: string): string => encodeURIComponent(s);
  return vscode.Uri.from({ scheme: DEFECT_SCHEME, path: `/${seg(ref.server)}/${seg(ref.domain)}/${seg(ref.project)}/Defect ${ref.id}.md` });
}

export function refOfUri(uri: vscode.Uri): DefectRef | undefined {
  const m = /^\/([^/]+)\/([^/]+)\/([^/]+)\/Defect (\d+)\.md$/.exec(uri.path);
  if (!m) return undefined;
  return { server: decodeURIComponent(m[1]), domain: decodeURIComponent(m[2]), project: decodeURIComponent(m[3]), id: Number(m[4]) };
}

export class DefectPreviewProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly manager: ConnectionManager) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const ref = refOfUri(uri);
    if (!ref) return `# Not a defect address\n\n${escapeMarkdown(uri.toString())}`;
    const connection = this.manager.get(ref.server);
    if (!connection) return `# Server "${escapeMarkdown(ref.server)}" is not configured`;
    try {
      const api = await connection.project(ref.domain, ref.project);
      const [defect, fields] = await Promise.all([api.defects.get(ref.id), api.fields('defects').catch(() => undefined)]);
      return renderDefect(defect, fields);
    } catch (e) {
      return `# Defect ${ref.id}\n\nCould not load it: ${escapeMarkdown(e instanceof Error ? e.message : String(e))}`;
    }
  }
}

export function renderDefect(d: Defect, fields: FieldCatalog | undefined): string {
  const label = (name: string): string => escapeMarkdown(fields?.label(name) ?? name);
  const lines = [`# Defect ${d.id}: ${escapeMarkdown(String(d.name ?? ''))}`, '', '| Field | Value |', '|---|---|'];
  for (const f of HEADER_FIELDS) lines.push(`| ${label(f)} | ${show(d[f])} |`);
  const rest = Object.keys(d)
    .filter((k) => !['type', 'id', 'name', ...HEADER_FIELDS, ...MEMO_FIELDS].includes(k))
    .sort((a, b) => label(a).localeCompare(label(b)));
  for (const f of rest) lines.push(`| ${label(f)} | ${show(d[f])} |`);
  for (const f of MEMO_FIELDS) {
    const text = htmlToText(typeof d[f] === 'string' ? (d[f] as string) : '');
    if (!text) continue;
    // A memo line starting like a heading or list item stays text.
    lines.push('', `## ${label(f)}`, '', ...text.split('\n').map((l) => (l ? `${escapeMarkdown(l).replace(/^([#+-]|\d+\.)/, '\\$1')}  ` : '')));
  }
  lines.push('', '*Read-only view.*');
  return lines.join('\n');
}

function show(v: FieldValue | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return escapeMarkdown(v.join(', '));
  if (typeof v === 'object') return escapeMarkdown(`${v.type} ${v.id}`);
  return escapeMarkdown(String(v));
}

/** Opens the read-only view of a defect in the Markdown preview (plain text editor as fallback). */
export async function openDefectPreview(ref: DefectRef): Promise<void> {
  const uri = defectUri(ref);
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes('markdown.showPreview')) {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
    return;
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: true });
}
