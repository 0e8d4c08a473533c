// The question the defect editor asks the user, behind one interface like the other features'
// prompts: activate() supplies VS Code's dialog, and in the extension's test mode the end-to-end
// tests answer it (a modal dialog cannot be answered from the extension host).
import * as vscode from 'vscode';

/** What to do with unsaved edits of an editor being closed; undefined when the dialog was dismissed. */
type UnsavedCloseAnswer = 'save' | 'dontSave' | 'keepEditing';

export interface EditorPrompts {
  /** An editor with unsaved edits is being closed; `canSave` when the edits are under the lock. */
  unsavedClose(what: string, canSave: boolean): Promise<UnsavedCloseAnswer | undefined>;
}

export const vscodeEditorPrompts: EditorPrompts = {
  async unsavedClose(what, canSave) {
    const save = vscode.l10n.t('Save');
    const dontSave = vscode.l10n.t("Don't Save");
    const keepEditing = vscode.l10n.t('Keep Editing');
    const choices = canSave ? [save, dontSave, keepEditing] : [dontSave, keepEditing];
    const answer = await vscode.window.showWarningMessage(what, { modal: true, detail: vscode.l10n.t('Save them before closing?') }, ...choices);
    return answer === save ? 'save' : answer === dontSave ? 'dontSave' : answer === keepEditing ? 'keepEditing' : undefined;
  },
};
