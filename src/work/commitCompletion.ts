// Completion in the Source Control commit message box: the user's defects (My Defects first, then
// recently opened ones) with id and summary, inserting the reference in the form of the first
// `almDefects.references` pattern (e.g. "defect 42"). The list is fetched once a minute at most.
import * as vscode from 'vscode';
import { readReferenceSettings } from '../references/host';
import type { DefectSource } from './defectSource';
import type { WorkState } from './workState';

/** The language of the SCM input box. */
export const SCM_INPUT_LANGUAGE = 'scminput';

export class CommitCompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly source: DefectSource,
    private readonly work: WorkState,
  ) {}

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionItem[]> {
    const choices = await this.source.choices();
    if (token.isCancellationRequested) return [];
    const pattern = readReferenceSettings(document.uri).patterns[0];
    const format = (id: number) => (pattern ? pattern.format(id) : `defect ${id}`);
    // Replace the word being typed, including "#" and "-" so "QC-4" or "#4" completes in place.
    const range = document.getWordRangeAtPosition(position, /[\w#-]+/) ?? new vscode.Range(position, position);
    const items = choices.map((c, i) => {
      const reference = format(c.ref.id);
      const item = new vscode.CompletionItem(
        { label: `${c.ref.id}: ${c.summary}`, description: c.source === 'mine' ? vscode.l10n.t('My Defects') : vscode.l10n.t('recently opened') },
        vscode.CompletionItemKind.Issue,
      );
      item.insertText = reference;
      item.range = range;
      item.detail = `${reference}${c.status ? ` · ${c.status}` : ''}`;
      item.filterText = `${c.ref.id} ${reference} ${c.summary} #${c.ref.id}`;
      item.sortText = String(i + 1).padStart(4, '0');
      return item;
    });
    // The defect being worked on offers its whole commit message first (the template, also without Git).
    const current = this.work.current;
    if (current) {
      const item = new vscode.CompletionItem({ label: current.commitMessage, description: vscode.l10n.t('Start Work') }, vscode.CompletionItemKind.Text);
      item.insertText = current.commitMessage;
      item.range = range;
      item.filterText = `${current.ref.id} ${format(current.ref.id)} ${current.commitMessage}`;
      item.sortText = '0000';
      items.unshift(item);
    }
    return items;
  }
}
