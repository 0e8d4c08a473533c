// The form's data: the defect as last read, the user's edits (the dirty set), the values those
// edits were made against, and the problems to show. No I/O and no lock: the controller drives it.
import * as l10n from '@vscode/l10n';
import type { FieldCatalog, ListTree, validateEdits } from '../../api/index';
import type { DefectKey, PersistedEditorState, ProblemView, ValuesParams, WireValue } from '../../shared/editorProtocol';
import { appendComment } from '../../defects/comments';
import { verStampOf } from '../../defects/lockedWrite';
import { makeSnapshot } from './snapshot';
import { isEmptyValue, sameValue } from '../../api/index';
import { cloneValues, normalizeEdit } from './values';

/** The memo the *New comment* box adds to. */
export const COMMENTS = 'dev-comments';

export class EditState {
  server: Record<string, WireValue> = {};
  edits: Record<string, WireValue> = {};
  /** The server values the edits were made against; set by the first edit, cleared when none are left. */
  editBase: Record<string, WireValue> | undefined;
  private touched = new Set<string>();
  private saveAttempted = false;
  private problems: ProblemView[] = [];
  private serverProblems: ProblemView[] = [];
  /**
   * The text in the *New comment* box, not added yet: an unsaved edit of the comments (issue 37),
   * which Save adds as a comment section, as *Add comment* does.
   */
  private commentDraft = '';
  /** The draft the last Save took into the comments: the page empties its box when it still holds it. */
  commentTaken: string | undefined;

  constructor(private isNew: boolean) {}

  /** The changed fields; the comments when the comment box holds text. */
  get dirty(): string[] {
    const fields = Object.keys(this.edits);
    return this.hasCommentDraft && !fields.includes(COMMENTS) ? [...fields, COMMENTS] : fields;
  }

  get isDirty(): boolean {
    return this.hasEdits || this.hasCommentDraft;
  }

  private get hasEdits(): boolean {
    return Object.keys(this.edits).length > 0;
  }

  private get hasCommentDraft(): boolean {
    return this.commentDraft.trim() !== '';
  }

  /** What the comment box holds now. */
  setCommentDraft(text: string): void {
    this.commentDraft = text;
    this.commentTaken = undefined;
  }

  /** The comments with `text` added under a header with `user` and the date; the comment box is empty from now on. */
  takeComment(user: string, at: Date, text: string): WireValue {
    const current = this.value(COMMENTS);
    this.commentDraft = '';
    return appendComment(typeof current === 'string' ? current : null, user, at, text);
  }

  /** Before a save: the comment box's text, which the caller adds as a comment; the box is empty after it. */
  takeCommentDraft(): string | undefined {
    if (!this.hasCommentDraft) return undefined;
    const draft = this.commentDraft;
    this.commentDraft = '';
    this.commentTaken = draft;
    return draft;
  }

  /** The value the form shows: the user's edit, else the server's. */
  value(field: string): WireValue | undefined {
    return Object.hasOwn(this.edits, field) ? this.edits[field] : this.server[field];
  }

  /** Records one field's value; a value equal to the server's is no edit (a new defect keeps every non-empty value). */
  set(field: string, raw: WireValue): void {
    const value = normalizeEdit(raw);
    if (!this.editBase && !this.isNew) this.editBase = cloneValues(this.server);
    if (!this.isNew && sameValue(value, this.server[field])) delete this.edits[field];
    else if (this.isNew && isEmptyValue(value)) delete this.edits[field];
    else this.edits[field] = value;
    if (!this.hasEdits) this.editBase = undefined;
    this.touched.add(field);
    this.serverProblems = this.serverProblems.filter((p) => p.field !== field);
  }

  /** The server's newer values; edits keep their own base so a later Save still compares against it. */
  rebase(latest: Record<string, WireValue>): void {
    if (this.hasEdits && !this.editBase) this.editBase = cloneValues(this.server);
    this.server = latest;
  }

  /** After the user's conflict choices: the edits now stand on `latest`. */
  replaceEdits(edits: Record<string, WireValue>, latest: Record<string, WireValue>): void {
    this.edits = edits;
    this.server = latest;
    this.editBase = this.hasEdits ? cloneValues(latest) : undefined;
  }

  /** What the page shows: the server's values, the edits, and the comment a Save took from the box. */
  view(): ValuesParams {
    const values: ValuesParams = { server: cloneValues(this.server), edits: cloneValues(this.edits) };
    if (this.commentTaken !== undefined) values.commentTaken = this.commentTaken;
    return values;
  }

  /** The values a Save compares the server's against. */
  get comparedAgainst(): Record<string, WireValue> {
    return this.editBase ?? this.server;
  }

  /** After a save or create: the server's values, nothing left to save. */
  saved(server: Record<string, WireValue>): void {
    this.server = server;
    this.isNew = false;
    // Text typed into the comment box while the save was out is a new draft, kept.
    const draft = this.commentDraft;
    this.clear();
    this.commentDraft = draft;
  }

  clear(): void {
    this.edits = {};
    this.commentDraft = '';
    this.editBase = undefined;
    this.touched.clear();
    this.saveAttempted = false;
    this.problems = [];
    this.serverProblems = [];
  }

  /** Unsaved edits from a snapshot, limited to `editable` fields; returns whether any came back. */
  restore(snapshot: PersistedEditorState, editable: (field: string) => boolean): boolean {
    const edits: Record<string, WireValue> = {};
    for (const [field, value] of Object.entries(snapshot.edits)) if (editable(field)) edits[field] = value;
    if (Object.keys(edits).length === 0) return false;
    this.edits = this.isNew ? { ...this.edits, ...edits } : edits;
    if (!this.isNew) {
      const base = cloneValues(this.server);
      for (const field of Object.keys(edits)) if (Object.hasOwn(snapshot.base, field)) base[field] = snapshot.base[field];
      base['ver-stamp'] = snapshot.baseVerStamp;
      this.editBase = base;
    }
    for (const field of Object.keys(edits)) this.touched.add(field);
    return true;
  }

  snapshot(key: DefectKey): PersistedEditorState {
    const base = this.comparedAgainst;
    return makeSnapshot(key, base, this.edits, verStampOf(base));
  }

  /** Re-runs validation from the metadata; with `attempt`, untouched required fields count too. */
  validate(validator: typeof validateEdits, catalog: FieldCatalog, lists: ListTree, describe: (e: unknown) => string, attempt = false): void {
    if (attempt) this.saveAttempted = true;
    try {
      this.problems = validator(this.edits, catalog, lists, { creating: this.isNew }).map((p) => ({ field: p.field, label: p.label, message: p.message }));
    } catch (e) {
      this.problems = [{ message: l10n.t('The edits could not be checked: {0}', describe(e)) }];
    }
  }

  get hasProblems(): boolean {
    return this.problems.length > 0;
  }

  /** Problems the server reported for the last save (cleared field by field as the user edits). */
  setServerProblems(problems: ProblemView[]): void {
    this.serverProblems = problems;
  }

  /** What the form shows: before a save attempt, only problems of fields the user touched. */
  visibleProblems(): ProblemView[] {
    const local = this.saveAttempted ? this.problems : this.problems.filter((p) => !p.field || this.touched.has(p.field));
    return [...local, ...this.serverProblems];
  }
}
