// What a DefectController is built with: the project, the defect, the user and the services the
// editor's features need (pasted images, the duplicate search). No `vscode` import.
import type { Defect, validateEdits } from '../../api/index';
import type { DefectKey, PersistedEditorState } from '../../shared/editorProtocol';
import type { DuplicateSearch, Schedule } from './duplicateFinder';
import type { MemoImageServices } from './memoImages';
import type { NewDefectPrefill } from './newDefectFill';
import type { EditorProjectApi } from './types';

export interface DefectControllerOptions {
  api: EditorProjectApi;
  key: DefectKey;
  /** The signed-in user: comment headers and a new defect's "Detected By". */
  user: string;
  /** VS Code's display language, for dates and numbers on the page. */
  locale?: string;
  validate?: typeof validateEdits;
  now?: () => Date;
  /** Unsaved work to restore after loading (from the webview state after a reload). */
  restore?: PersistedEditorState;
  /** Text shown for an error (the client's messages are already written for users). */
  describe?: (e: unknown) => string;
  /** The defect as the server has it after a save, e.g. for the tree to show the new values. */
  onSaved?: (defect: Defect) => void;
  /** A new defect's pre-filled values (the project's template, a report from code); ignored for a defect that exists. */
  prefill?: NewDefectPrefill;
  /** A new defect was created with `id`. */
  onCreated?: (id: number) => void | Promise<void>;
  /** The query for a new defect's likely duplicates; without it none are looked for. */
  findDuplicates?: DuplicateSearch;
  /** The duplicate search's timer (tests drive it by hand). */
  schedule?: Schedule;
  /** Uploads of images pasted into memos; without it pasting an image is refused. */
  images?: MemoImageServices;
}
