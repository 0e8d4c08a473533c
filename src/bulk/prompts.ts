// Every question "Update Selected" asks, behind one interface: activate() supplies VS Code's
// pickers and dialogs; in the extension's test mode the end-to-end tests answer them instead.
import * as vscode from 'vscode';
import { pickMany } from '../util/pickMany';
import { isValidDate } from '../api/index';
import type { FieldValue } from '../api/index';
import type { BulkField, ValueChoice } from './fields';
import { typedValue } from './fields';

/** What the change picker offers: the fields and, per field, the values to pick from (none: typed in). */
interface ChangeChoices {
  count: number;
  fields: readonly BulkField[];
  choices(field: BulkField): ValueChoice[] | undefined;
}

/** One row of the result list. */
export interface ResultRow {
  id: number;
  /** The defect's summary when known (the server's copy after the update). */
  name?: string;
  /** "updated", "skipped: locked by bob", "refused: …". */
  text: string;
  failed: boolean;
}

export interface BulkPrompts {
  /** Fields and the values to set them to; undefined when the user cancelled. */
  chooseChanges(offer: ChangeChoices): Promise<{ field: string; value: FieldValue }[] | undefined>;
  /** The change summarised ("Update 5 defects?", "Status: Fixed"); true to go ahead. */
  confirm(title: string, lines: readonly string[]): Promise<boolean>;
  /** The outcome per defect; resolves with the defects to try again ([] for none). */
  showResult(summary: string, rows: readonly ResultRow[]): Promise<number[]>;
}

async function pickValue(field: BulkField, offer: ChangeChoices): Promise<{ value: FieldValue } | undefined> {
  const title = vscode.l10n.t('{0} for {1} defects', field.meta.label, offer.count);
  const choices = offer.choices(field);
  if (choices) {
    const picked = await vscode.window.showQuickPick(
      choices.map((c) => ({ label: c.label, description: c.description, choice: c })),
      { title, placeHolder: vscode.l10n.t('The new value of {0}', field.meta.label), matchOnDescription: true },
    );
    return picked && { value: picked.choice.value };
  }
  const text = await vscode.window.showInputBox({
    title,
    prompt: field.kind === 'date' ? vscode.l10n.t('A date as YYYY-MM-DD; empty clears the field.') : vscode.l10n.t('The new value; empty clears the field.'),
    validateInput: (v) => {
      const t = v.trim();
      if (t === '') return field.meta.required ? vscode.l10n.t('{0} is required: it cannot be emptied.', field.meta.label) : undefined;
      if (field.kind === 'date' && !isValidDate(t)) return vscode.l10n.t('Write the date as YYYY-MM-DD, e.g. 2026-03-31.');
      if (field.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(t)) return vscode.l10n.t('{0} takes a number.', field.meta.label);
      if (field.meta.maxLength !== undefined && t.length > field.meta.maxLength) return vscode.l10n.t('At most {0} characters.', field.meta.maxLength);
      return undefined;
    },
  });
  return text === undefined ? undefined : { value: typedValue(field, text) };
}

export const vscodeBulkPrompts: BulkPrompts = {
  async chooseChanges(offer) {
    const picked = await pickMany(
      offer.fields.map((f) => ({ label: f.meta.label, description: f.meta.name, field: f })),
      { title: vscode.l10n.t('Update {0} defects: which fields?', offer.count), placeHolder: vscode.l10n.t('Choose the fields to set'), matchOnDescription: true },
    );
    if (!picked?.length) return undefined;
    const out: { field: string; value: FieldValue }[] = [];
    for (const { field } of picked) {
      const value = await pickValue(field, offer);
      if (!value) return undefined;
      out.push({ field: field.meta.name, value: value.value });
    }
    return out;
  },
  async confirm(title, lines) {
    const go = vscode.l10n.t('Update');
    return (await vscode.window.showWarningMessage(title, { modal: true, detail: lines.join('\n') }, go)) === go;
  },
  async showResult(summary, rows) {
    if (!rows.some((r) => r.failed)) {
      void vscode.window.showInformationMessage(summary);
      return [];
    }
    const show = vscode.l10n.t('Show Results');
    if ((await vscode.window.showWarningMessage(summary, show)) !== show) return [];
    const picked = await vscode.window.showQuickPick(
      rows.map((r) => ({ label: r.name ? `${r.id}: ${r.name}` : String(r.id), description: r.text, picked: r.failed, id: r.id })),
      {
        canPickMany: true,
        title: vscode.l10n.t('{0} — select defects to try again', summary),
        placeHolder: vscode.l10n.t('The defects not updated are selected; press Enter to try them again, Escape to close'),
      },
    );
    return picked?.map((p) => p.id) ?? [];
  },
};
