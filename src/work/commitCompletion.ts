// Completion in the Source Control commit message box: the user's defects (My Defects first, then
// recently opened ones) with id and summary, inserting the reference in the form of the first
// `almDefects.references` pattern (e.g. "defect 42"). The list is fetched once a minute at most.
import * as vscode from 'vscode';
import { readReferenceSettings } from '../references/settings';
import type { DefectSource } from './defectSource';

/** The language of the SCM input box. */
export const SCM_INPUT_LANGUAGE = 'scminput';

export class CommitCompletionProvider implements vscode.CompletionItemProvider {
  constructor(private readonly source: DefectSource) {}

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionItem[]> {
    const choices = await this.source.choices();
    if (token.isCancellationRequested) return [];
    const pattern = readReferenceSettings(document.uri).patterns[0];
    const format = (id: number) => (pattern ? pattern.format(id) : `defect ${id}`);
    // Replace the word being typed, including "#" and "-" so "QC-4" or "#4" completes in place.
    const range = document.getWordRangeAtPosition(position, /[\w#-]+/) ?? new vscode.Range(position, position);
    return choices.map((c, i) => {
      const reference = format(c.ref.id);
      const item = new vscode.CompletionItem({ label: `${c.ref.id}: ${c.summary}`, description: c.source === 'mine' ? 'My Defects' : 'recently opened' }, vscode.CompletionItemKind.Issue);
      item.insertText = reference;
      item.range = range;
      item.detail = `${reference}${c.status ? ` · ${c.status}` : ''}`;
      item.filterText = `${c.ref.id} ${reference} ${c.summary} #${c.ref.id}`;
      item.sortText = String(i).padStart(4, '0');
      return item;
    });
  }
}
