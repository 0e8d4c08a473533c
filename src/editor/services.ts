// What the defect editor needs from the rest of the extension, handed in by activate(): the
// project API of a configured server (signed in on demand), who the user is, a logger, and the
// tree's help to pick a project and to reveal a new defect, and the attachment section's work.
// Nothing here reads settings itself.
import type { Defect, ProjectApi } from '../api/index';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import type { AttachmentsRequest, AttachmentsResult, WireValue } from '../shared/editorProtocol';
import type { EditorPrompts } from './prompts';

export interface EditorLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The attachments feature as the editor's attachment section uses it. */
export interface EditorAttachments {
  /** Runs a request of the section (list, upload, open, save) and returns the list after it. */
  request(defect: DefectRef, request: AttachmentsRequest): Promise<AttachmentsResult>;
  /** Fires with the defect whose attachments changed (an upload from the editor, the tree or a drop). */
  onDidChange(listener: (defect: DefectRef) => void): { dispose(): void };
  /** The editor attached files itself (pasted images): the tree rows and open editors hear of it. */
  changed(defect: DefectRef): void;
}

export interface DefectEditorServices {
  /** The project's API on a configured server; rejects with a user-readable error (not configured, not signed in). */
  project(ref: ProjectRefKey): Promise<ProjectApi>;
  /** The user name the server knows this user by (comment headers, a new defect's "Detected By"). */
  username(server: string): string;
  /** VS Code's display language (BCP 47), for dates and numbers on the page. */
  locale(): string;
  /** Base URL of the server entry (to tell its own image links from others). */
  baseUrl(server: string): string | undefined;
  log: EditorLog;
  /** The project a command is about: from its argument (tree node or ref), the tree selection, or a pick. */
  pickProject(arg: unknown, title: string): Promise<ProjectRefKey | undefined>;
  /** The defect of the tree's selected row, if a defect row is selected. */
  selectedDefect(): DefectRef | undefined;
  /** Shows a defect in the tree (after "New Defect…" created it). */
  revealDefect(ref: DefectRef): Promise<void> | void;
  /** A defect was saved: `defect` is the server's copy after the save (the tree shows its new values). */
  defectSaved(ref: DefectRef, defect: Defect): void;
  /** Calls `listener` whenever the server's connection becomes usable (configured, signed in). */
  onDidConnect(server: string, listener: () => void): { dispose(): void };
  attachments: EditorAttachments;
  /** The project's `almDefects.newDefectDefaults` values for a new defect's form. */
  newDefectDefaults(ref: ProjectRefKey): Record<string, WireValue>;
  /** The questions the editor asks: VS Code's dialogs, or in test mode the tests' answers. */
  prompts(): EditorPrompts;
}
