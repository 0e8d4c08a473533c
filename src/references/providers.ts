// The document link and hover providers of defect references, for every language and plain text.
// Links need no request (they only open the editor). A hover asks for its defect together with the
// other references visible in the editors showing the document, so a screen of references costs one
// batch; typing never sends anything because nothing is fetched until a hover is shown.
import * as vscode from 'vscode';
import { findReferences } from './patterns';
import type { FoundReference, ProjectTarget } from './patterns';
import { HOVER_COMMANDS, hoverMarkdown, noProjectMarkdown } from './hoverText';
import type { DefectLookup } from './lookup';
import type { ReferenceSettings } from './settings';
import type { ValueNames } from '../defects/fieldText';

export interface ReferenceContext {
  settings(document: vscode.TextDocument): ReferenceSettings;
  /** The project a reference belongs to: its pattern's, the default one, or none. */
  projectOf(reference: FoundReference, settings: ReferenceSettings): ProjectTarget | undefined;
  readonly lookup: DefectLookup;
  /** The project's user and release names (cached by the client); none when they cannot be read. */
  names(project: ProjectTarget): Promise<ValueNames>;
}

export function projectKey(p: ProjectTarget): string {
  return JSON.stringify([p.server, p.domain, p.project]);
}

/** Scans a document once per version (links, hovers and visible-range batching share the result). */
export class ReferenceIndex {
  private readonly cache = new Map<string, { version: number; refs: FoundReference[] }>();

  constructor(private readonly context: ReferenceContext) {}

  references(document: vscode.TextDocument): FoundReference[] {
    const settings = this.context.settings(document);
    const uri = document.uri.toString();
    const cached = this.cache.get(uri);
    if (cached && cached.version === document.version) return cached.refs;
    // Large files (logs, generated code) are left alone rather than scanned on every change.
    const refs = document.getText().length > settings.maxFileChars || settings.patterns.length === 0 ? [] : findReferences(document.getText(), settings.patterns);
    this.cache.set(uri, { version: document.version, refs });
    return refs;
  }

  forget(document: vscode.TextDocument): void {
    this.cache.delete(document.uri.toString());
  }

  clear(): void {
    this.cache.clear();
  }
}

export class ReferenceLinkProvider implements vscode.DocumentLinkProvider {
  constructor(
    private readonly index: ReferenceIndex,
    private readonly context: ReferenceContext,
  ) {}

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const settings = this.context.settings(document);
    const links: vscode.DocumentLink[] = [];
    for (const ref of this.index.references(document)) {
      const project = this.context.projectOf(ref, settings);
      if (!project) continue;
      const arg = encodeURIComponent(JSON.stringify([{ ...project, id: ref.id }]));
      const link = new vscode.DocumentLink(new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end)), vscode.Uri.parse(`command:almDefects.openDefect?${arg}`));
      link.tooltip = vscode.l10n.t('Open defect {0} ({1})', ref.id, project.project);
      links.push(link);
    }
    return links;
  }
}

export class ReferenceHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly index: ReferenceIndex,
    private readonly context: ReferenceContext,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const offset = document.offsetAt(position);
    const refs = this.index.references(document);
    const ref = refs.find((r) => r.start <= offset && offset <= r.end);
    if (!ref) return undefined;
    const settings = this.context.settings(document);
    const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
    const project = this.context.projectOf(ref, settings);
    if (!project) return new vscode.Hover(markdown(noProjectMarkdown(ref.id)), range);
    const key = projectKey(project);
    const alongWith = this.visibleIds(document, refs, key, settings);
    const answer = await this.context.lookup.get(key, ref.id, alongWith);
    const names = answer.kind === 'found' ? await this.context.names(project).catch(() => ({})) : {};
    if (token.isCancellationRequested) return undefined;
    return new vscode.Hover(markdown(hoverMarkdown(project, ref.id, answer, names)), range);
  }

  /** Ids of the same project referenced in the visible ranges of the editors showing the document. */
  private visibleIds(document: vscode.TextDocument, refs: readonly FoundReference[], key: string, settings: ReferenceSettings): number[] {
    const ranges = vscode.window.visibleTextEditors.filter((e) => e.document === document).flatMap((e) => e.visibleRanges);
    const ids = new Set<number>();
    for (const r of refs) {
      const start = document.positionAt(r.start);
      if (!ranges.some((v) => v.contains(start))) continue;
      const p = this.context.projectOf(r, settings);
      if (p && projectKey(p) === key) ids.add(r.id);
    }
    return [...ids];
  }
}

function markdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text, false);
  md.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
  md.supportHtml = false;
  return md;
}
