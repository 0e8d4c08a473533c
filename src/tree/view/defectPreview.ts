// The read-only defect view (`alm-defect:` documents; defects open in it while no editor is
// registered): a virtual Markdown document with every field by its label and memo fields as plain
// text, opened in the Markdown preview. Everything from the server is escaped; nothing is rendered as HTML.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../auth/connectionManager';
import { renderDefect } from '../model/defectMarkdown';
import type { DefectRef } from '../../defects/refs';
import { escapeMarkdown } from '../model/tooltip';

export const DEFECT_SCHEME = 'alm-defect';

function defectUri(ref: DefectRef): vscode.Uri {
  const seg = (s: string): string => encodeURIComponent(s);
  return vscode.Uri.from({ scheme: DEFECT_SCHEME, path: `/${seg(ref.server)}/${seg(ref.domain)}/${seg(ref.project)}/Defect ${ref.id}.md` });
}

function refOfUri(uri: vscode.Uri): DefectRef | undefined {
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

/** Opens the read-only view of a defect in the Markdown preview (built into VS Code). */
export async function openDefectPreview(ref: DefectRef): Promise<void> {
  await vscode.commands.executeCommand('markdown.showPreview', defectUri(ref));
}
