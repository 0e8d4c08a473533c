// "Report ALM Defect…": from a selection, a TODO/FIXME/BUG comment, a diagnostic, a selected stack
// trace or a failed test's message, it opens the New Defect form pre-filled (summary, description
// with the code and a link to it). After the defect is created it attaches the whole selection when
// the description shows only part of it, and offers to put a reference into the TODO comment or to
// copy the defect's VS Code link.
import { Readable } from 'node:stream';
import * as vscode from 'vscode';
import type { ConnectionManager } from '../auth/connectionManager';
import type { DefectEditorApi } from '../editor/index';
import { readReferenceSettings } from '../references/host';
import { defaultProjectOf } from '../config/defaultProject';
import type { DefectRef } from '../defects/refs';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import { ReportCodeActionProvider } from './codeActions';
import { draftReport } from './draft';
import type { ReportDraft } from './draft';
import { reportInput } from './input';
import type { ReportPrompts } from './prompts';
import { referenceFor, withReference } from './sources';

/** What the command resolves to (tests): the draft the form was filled with, and whether it opened. */
export interface ReportResult {
  readonly draft: ReportDraft;
  readonly opened: boolean;
  /** Settles after the defect was created and the follow-ups (attachment, reference) are done. */
  readonly followedUp: Promise<DefectRef>;
}

export interface ReportDeps {
  /** Only "New Defect…" with pre-filled values: the report opens the form and hears of the create. */
  readonly editor: Pick<DefectEditorApi, 'newDefect'>;
  readonly manager: ConnectionManager;
  readonly log: Log;
  readonly prompts: () => ReportPrompts;
  /** Announces the attachment the report added, so the tree rows and the open editor list it at once. */
  readonly attachmentsChanged: (defect: DefectRef) => void;
}

export function registerReport(deps: ReportDeps): vscode.Disposable {
  const scoped: ReportDeps = { ...deps, log: deps.log.child('report') };
  return vscode.Disposable.from(
    registerCommand(COMMAND.reportDefect, scoped.log, (arg) => reportDefect(scoped, arg), { failure: vscode.l10n.t('Could not report the defect') }),
    vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, new ReportCodeActionProvider(), { providedCodeActionKinds: ReportCodeActionProvider.kinds }),
    vscode.languages.registerCodeActionsProvider({ scheme: 'untitled' }, new ReportCodeActionProvider(), { providedCodeActionKinds: ReportCodeActionProvider.kinds }),
  );
}

/** The command's work: drafts the report from `arg`, opens the pre-filled form, follows up on the create. */
export async function reportDefect(deps: ReportDeps, arg: unknown): Promise<ReportResult | undefined> {
  const read = await reportInput(arg);
  if (!read) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Select code or a stack trace, or put the cursor on a TODO comment or a problem, then run Report ALM Defect… again.'));
    return undefined;
  }
  const draft = draftReport(read.input);
  if ('refused' in draft) {
    void vscode.window.showWarningMessage(draft.refused);
    return undefined;
  }
  const uri = read.document?.uri;
  // The workspace's project (almDefects.defaultProject) when it names one, else the same choice as "New Defect…".
  const project = defaultProjectOf(readReferenceSettings(uri).defaultProject, deps.manager.all());
  let created!: (ref: DefectRef) => void;
  const followedUp = new Promise<DefectRef>((resolve) => (created = resolve));
  const opened = await deps.editor.newDefect(project, {
    values: { name: draft.summary, description: draft.descriptionHtml },
    origin: draft.origin,
    ...(draft.warning ? { warning: draft.warning } : {}),
    onCreated: (ref) =>
      void followUp(deps, draft, uri, ref)
        .catch((e: unknown) => {
          deps.log.error(`after creating defect ${ref.id}: ${describeError(e)}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('Defect {0} was created, but: {1}', ref.id, describeError(e)));
        })
        .finally(() => created(ref)),
  });
  return { draft, opened, followedUp };
}

/**
 * After the create: the whole text as an attachment (when cut), then the reference in the TODO
 * comment or, for other code, the defect's VS Code link to share (issue 43). That offer is not
 * waited for: the report is done when the defect is.
 */
async function followUp(deps: ReportDeps, draft: ReportDraft, uri: vscode.Uri | undefined, ref: DefectRef): Promise<void> {
  if (draft.attachment) await attachWhole(deps, ref, draft.attachment);
  if (draft.todo && uri) await offerReference(deps, uri, draft.todo, ref);
  else
    void deps
      .prompts()
      .offerLink(ref.id)
      .then((copy) => (copy ? copyVsCodeLink(ref) : undefined));
}

/** Copy VS Code Link on the new defect: the links feature writes it and says so. */
async function copyVsCodeLink(ref: DefectRef): Promise<void> {
  await vscode.commands.executeCommand(COMMAND.copyVsCodeLink, ref);
}

async function attachWhole(deps: ReportDeps, ref: DefectRef, attachment: { name: string; text: string }): Promise<void> {
  for (;;) {
    try {
      const bytes = Buffer.from(attachment.text, 'utf8');
      const project = await deps.manager.project(ref);
      await project.attachments.upload({ entity: { type: 'defect', id: ref.id }, name: attachment.name, source: { stream: Readable.from([bytes]), size: bytes.length } });
      deps.attachmentsChanged(ref);
      return;
    } catch (e) {
      deps.log.warn(`attaching ${attachment.name} to defect ${ref.id}: ${describeError(e)}`);
      if (!(await deps.prompts().retryAttachment(attachment.name, ref.id, describeError(e)))) return;
    }
  }
}

async function offerReference(deps: ReportDeps, uri: vscode.Uri, todo: { line: number; text: string }, ref: DefectRef): Promise<void> {
  const reference = referenceText(deps, uri, ref);
  const choice = await deps.prompts().insertReference(reference, ref.id);
  if (choice === 'copyLink') return copyVsCodeLink(ref);
  if (choice !== 'insert') return;
  const document = await vscode.workspace.openTextDocument(uri);
  // The comment may have moved while the form was open: the recorded line first, else the same text elsewhere.
  const line = document.lineCount > todo.line && document.lineAt(todo.line).text === todo.text ? todo.line : findLine(document, todo.text);
  const replaced = line === undefined ? undefined : withReference(todo.text, reference);
  if (line === undefined || replaced === undefined) {
    await vscode.env.clipboard.writeText(reference);
    void vscode.window.showInformationMessage(vscode.l10n.t('The comment changed since the report; "{0}" is on the clipboard to paste where it belongs.', reference));
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, document.lineAt(line).range, replaced);
  if (!(await vscode.workspace.applyEdit(edit))) void vscode.window.showWarningMessage(vscode.l10n.t('Could not insert "{0}" into {1}.', reference, vscode.workspace.asRelativePath(uri, false)));
}

/** The reference in the form of the first `almDefects.references` pattern for the project ("defect 123" by default). */
function referenceText(deps: ReportDeps, uri: vscode.Uri, ref: DefectRef): string {
  const { patterns, defaultProject } = readReferenceSettings(uri);
  return referenceFor(patterns, defaultProjectOf(defaultProject, deps.manager.all()), ref);
}

function findLine(document: vscode.TextDocument, text: string): number | undefined {
  for (let i = 0; i < document.lineCount; i++) if (document.lineAt(i).text === text) return i;
  return undefined;
}
