// State, notifications and shared steps of the defect editor's controller: what the form shows
// (init, values, status), the lock phase transitions and the helpers the user operations in
// DefectController build on. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { isCancellation, validateEdits } from '../../api/index';
import type { Defect, FieldCatalog, LockHandle, ListTree } from '../../api/index';
import type { DuplicateSearch, Schedule } from './duplicateFinder';
import type { ConflictView, DefectKey, DuplicateView, FieldView, InitParams, LockPhase, NoticeView, PersistedEditorState, StatusParams, ValuesParams, WireValue } from '../../shared/editorProtocol';
import { verStampOf } from './conflicts';
import { EditState } from './editState';
import { canHandle, nextPhase } from './lockMachine';
import type { LockEvent } from './lockMachine';
import type { EditorProjectApi } from './types';
import { cloneValues, wireValues } from './values';

export type ControllerChange = 'init' | 'values' | 'status';

export interface DefectControllerOptions {
  api: EditorProjectApi;
  key: DefectKey;
  /** The signed-in user: comment headers and a new defect's "Detected By". */
  user: string;
  /** Project users for the user pickers (may be partial; the server has the last word). */
  users?: () => Promise<readonly string[]>;
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
  /** A new defect was created (after `onSaved`'s tree update would not find its row yet). */
  onCreated?: (defect: Defect) => void;
  /** The query for a new defect's likely duplicates; without it none are looked for. */
  findDuplicates?: DuplicateSearch;
  /** The duplicate search's timer (tests drive it by hand). */
  schedule?: Schedule;
}

/** Values a new defect's form starts with, and where they came from (the form says so). */
export interface NewDefectPrefill {
  /** The project's `almDefects.newDefectDefaults` values. */
  template?: Readonly<Record<string, WireValue>>;
  /** Values from where the user reported from (code, a stack trace); they win over the template's. */
  values?: Readonly<Record<string, WireValue>>;
  /** Where `values` came from, as the form names it (e.g. "src/app.ts, lines 3–5"). */
  origin?: string;
}

const describeDefault = (e: unknown) => (e instanceof Error ? e.message : String(e));

export abstract class ControllerBase {
  protected phase: LockPhase = 'loading';
  protected key: DefectKey;
  protected isNew: boolean;
  protected catalog: FieldCatalog | undefined;
  protected lists: ListTree | undefined;
  protected views: FieldView[] = [];
  protected statuses: string[] = [];
  protected readonly form: EditState;
  protected conflict: { view: ConflictView; latest: Record<string, WireValue> } | undefined;
  protected notice: NoticeView | undefined;
  protected holder: { holder?: string; since?: string } | undefined;
  protected lock: LockHandle | undefined;
  protected disposed = false;
  /** A new defect's likely duplicates, as last found. */
  protected duplicates: DuplicateView[] = [];
  protected readonly listeners = new Set<(change: ControllerChange) => void>();
  protected readonly validator: typeof validateEdits;
  protected readonly now: () => Date;
  protected readonly describe: (e: unknown) => string;

  constructor(protected readonly options: DefectControllerOptions) {
    this.key = { ...options.key };
    this.isNew = options.key.id === undefined;
    this.form = new EditState(this.isNew);
    this.validator = options.validate ?? validateEdits;
    this.now = options.now ?? (() => new Date());
    this.describe = options.describe ?? describeDefault;
  }

  onDidChange(listener: (change: ControllerChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  get defectKey(): DefectKey {
    return { ...this.key };
  }
  get lockPhase(): LockPhase {
    return this.phase;
  }
  get dirty(): string[] {
    return this.form.dirty;
  }
  get isDirty(): boolean {
    return this.form.isDirty;
  }
  get holdsLock(): boolean {
    return this.lock?.state === 'held';
  }
  /** The defect's name as the user sees it (their edit included), for the panel title. */
  get title(): string {
    const name = this.form.value('name');
    return typeof name === 'string' ? name : '';
  }

  value(field: string): WireValue | undefined {
    return this.form.value(field);
  }

  init(): InitParams {
    return { key: this.defectKey, isNew: this.isNew, user: this.options.user, fields: this.views, statusValues: this.statuses };
  }

  values(): ValuesParams {
    return { server: cloneValues(this.form.server), edits: cloneValues(this.form.edits) };
  }

  status(): StatusParams {
    const s: StatusParams = {
      lock: { phase: this.phase, ...(this.phase === 'locked-by-other' ? this.holder : {}) },
      dirty: this.form.dirty,
      problems: this.form.visibleProblems(),
    };
    if (this.conflict) s.conflict = this.conflict.view;
    if (this.notice) s.notice = this.notice;
    if (this.isNew && this.duplicates.length) s.duplicates = this.duplicates.map((d) => ({ ...d }));
    // Until the defect is loaded, the snapshot it was restored from stays the webview's state.
    if (this.phase !== 'loading' && this.phase !== 'error') s.persist = this.snapshot();
    else if (this.options.restore) s.persist = this.options.restore;
    return s;
  }

  snapshot(): PersistedEditorState {
    return this.form.snapshot(this.key);
  }

  protected toLost(why?: string): void {
    this.lock = undefined;
    this.transition('lost');
    this.notice = {
      kind: 'warning',
      text: why
        ? l10n.t('The lock on this defect was lost ({0}). Your changes are kept; click Retry to edit again.', why)
        : l10n.t('The lock on this defect was lost. Your changes are kept; click Retry to edit again.'),
    };
    this.emit('status');
  }

  protected async releaseLock(event: LockEvent): Promise<void> {
    const handle = this.lock;
    this.lock = undefined;
    if (handle) await handle.release().catch(() => undefined);
    // `released` outside a holding phase changes nothing; the table says so.
    if (canHandle(this.phase, event)) this.phase = nextPhase(this.phase, event);
  }

  /** Re-reads the defect; with `announce`, says when it had changed since it was shown. */
  protected async refreshServer(announce: boolean): Promise<void> {
    if (this.key.id === undefined) return;
    try {
      const latest = wireValues(await this.options.api.defects.get(this.key.id));
      if (announce && verStampOf(latest) !== verStampOf(this.form.server)) {
        this.notice = { kind: 'info', text: l10n.t('The defect changed on the server since it was opened; you are editing the latest version.') };
      }
      this.form.rebase(latest);
    } catch (e) {
      if (!isCancellation(e)) this.notice = { kind: 'warning', text: l10n.t('Could not re-read the defect: {0}', this.describe(e)) };
    }
  }

  /** Validates the edits; with `attempt` (a save) every problem shows. Returns whether they can be sent. */
  protected revalidate(attempt = false): boolean {
    if (!this.catalog || !this.lists) return true;
    this.form.validate(this.validator, this.catalog, this.lists, this.describe, attempt);
    if (attempt && this.form.hasProblems) this.emit('status');
    return !this.form.hasProblems;
  }

  protected label(field: string): string {
    return this.catalog?.label(field) ?? field;
  }

  protected transition(event: LockEvent): void {
    this.phase = nextPhase(this.phase, event);
  }

  protected emit(...changes: ControllerChange[]): void {
    if (this.disposed) return;
    for (const change of changes) for (const l of [...this.listeners]) l(change);
  }
}
