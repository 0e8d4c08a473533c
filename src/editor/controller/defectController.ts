// The defect editor without VS Code: load, edit under a lock, type (validated from the metadata
// as the user types), save, resolve conflicts, add comments, cancel and release. It composes its
// parts, each with its own state behind its own methods: the form's data (EditState), the lock
// and its phase (EditorLock), the metadata (FormMetadata), saving and conflicts (SaveFlow), the
// notice line (Notices) and the change notifications (ControllerChanges).
import * as l10n from '@vscode/l10n';
import { LockedByOtherError, isCancellation, validateEdits } from '../../api/index';
import type { LockHandle } from '../../api/index';
import type { ConflictChoice, DefectKey, DuplicateView, InitParams, LockPhase, PersistedEditorState, SaveOutcome, StatusParams, ValuesParams, WireValue } from '../../shared/editorProtocol';
import type { PastedImage, PastedImageReply } from '../../shared/editorProtocol';
import { NotSignedInError } from '../../auth/connection';
import { projectNames } from '../../defects/fieldText';
import { localToday } from '../../defects/releaseChoices';
import { ControllerChanges } from './changes';
import type { ControllerChange } from './changes';
import { lockDefect, releaseLocks, verStampOf } from '../../defects/lockedWrite';
import { COMMENTS, EditState } from './editState';
import { DuplicateFinder } from './duplicateFinder';
import { EditorLock } from './editorLock';
import { FormMetadata } from './formMetadata';
import { MemoImages } from './memoImages';
import { fillNewDefect, newDefectDefaults } from './newDefectFill';
import type { NewDefectPrefill } from './newDefectFill';
import { Notices } from './notices';
import { remoteChangeNotice } from './remoteChange';
import type { DefectEventSource } from '../../defects/events';
import type { DefectControllerOptions } from './controllerOptions';
import { SaveFlow } from './saveFlow';
import { wireValues } from './values';

export type { DefectControllerOptions, NewDefectPrefill };

const describeDefault = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class DefectController {
  /** The defect shown; a new defect gets its id when it is created. */
  private key: DefectKey;
  private readonly form: EditState;
  private readonly lock = new EditorLock();
  private readonly metadata: FormMetadata;
  private readonly notices = new Notices();
  private readonly changes = new ControllerChanges();
  private readonly saving: SaveFlow;
  private readonly now: () => Date;
  private readonly describe: (e: unknown) => string;
  /** A new defect's likely duplicates, as last found, and the look-up that finds them. */
  private duplicates: DuplicateView[] = [];
  private finder: DuplicateFinder | undefined;
  readonly images: MemoImages | undefined;

  constructor(private readonly options: DefectControllerOptions) {
    this.key = { ...options.key };
    this.form = new EditState(this.isNew);
    this.now = options.now ?? (() => new Date());
    this.describe = options.describe ?? describeDefault;
    this.metadata = new FormMetadata(options.validate ?? validateEdits, this.describe);
    this.images = options.images ? new MemoImages(options.images, this.now) : undefined;
    this.saving = new SaveFlow({
      images: this.images,
      api: options.api,
      form: this.form,
      lock: this.lock,
      metadata: this.metadata,
      notices: this.notices,
      changes: this.changes,
      now: this.now,
      describe: this.describe,
      onSaved: options.onSaved,
      onCreated: (id) => {
        this.key = { ...this.key, id };
        this.finder?.dispose();
        this.duplicates = [];
        return options.onCreated?.(id);
      },
    });
  }

  onDidChange(listener: (change: ControllerChange) => void): { dispose(): void } {
    return this.changes.on(listener);
  }

  get defectKey(): DefectKey {
    return { ...this.key };
  }
  get lockPhase(): LockPhase {
    return this.lock.phase;
  }
  get dirty(): string[] {
    return this.form.dirty;
  }
  get isDirty(): boolean {
    return this.form.isDirty;
  }
  get holdsLock(): boolean {
    return this.lock.held;
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
    return { key: this.defectKey, isNew: this.isNew, user: this.options.user, fields: this.metadata.fields, statusValues: this.metadata.statusValues, locale: this.options.locale };
  }

  values(): ValuesParams {
    return this.form.view();
  }

  status(): StatusParams {
    const s: StatusParams = { lock: this.lock.view(), dirty: this.form.dirty, problems: this.form.visibleProblems() };
    const conflict = this.saving.conflictView;
    if (conflict) s.conflict = conflict;
    const notice = this.notices.current;
    if (notice) s.notice = notice;
    if (this.isNew && this.duplicates.length) s.duplicates = this.duplicates.map((d) => ({ ...d }));
    // Until the defect is loaded, the snapshot it was restored from stays the webview's state.
    const phase = this.lock.phase;
    if (phase !== 'loading' && phase !== 'error') s.persist = this.snapshot();
    else if (this.options.restore) s.persist = this.options.restore;
    return s;
  }

  snapshot(): PersistedEditorState {
    return this.form.snapshot(this.key);
  }

  /** Reads metadata, lists and the defect; restores unsaved edits given in the options. */
  async load(): Promise<void> {
    const { api } = this.options;
    try {
      const [catalog, lists, names, defect] = await Promise.all([
        api.fields('defects'),
        api.listItems(),
        // The one names loader, as every view: a refusal leaves ids and login names, and the fields say why.
        projectNames(api, { locale: this.options.locale }),
        this.key.id === undefined ? Promise.resolve(undefined) : api.defects.get(this.key.id),
      ]);
      if (this.changes.closed) return;
      this.metadata.set(catalog, lists, names, this.options.user, localToday(this.now()));
      if (defect) this.form.server = wireValues(defect);
      else {
        fillNewDefect(this.form, this.metadata, this.notices, newDefectDefaults(this.options.user, this.now(), this.metadata.statusValues), this.options.prefill);
        if (typeof this.form.value('name') === 'string') this.watchSummary();
      }
      this.lock.on(this.isNew ? 'loadedNew' : 'loaded');
      const restore = this.options.restore;
      if (restore && this.form.restore(restore, (f) => this.metadata.isEditable(f))) {
        this.notices.info(l10n.t('Unsaved changes were restored. Click Edit to continue, or Cancel to discard them.'));
      }
      this.metadata.validate(this.form);
    } catch (e) {
      if (isCancellation(e)) return;
      const text = l10n.t('Could not open the defect: {0}', this.describe(e));
      // Signed out (never signed in this session, or the password was refused): the notice offers the sign-in.
      if (e instanceof NotSignedInError) this.notices.signInNeeded(text);
      else this.notices.error(text);
      this.lock.on('loadFailed');
    }
    this.changes.emit('init', 'values', 'status');
  }

  /** Records one field's new value; validation runs at once. Ignored unless editing, or `undefined` (a memo splice the page did not make against this value). */
  setField(field: string, value: WireValue | undefined): void {
    if (this.lock.phase !== 'editing' || !this.metadata.isEditable(field) || value === undefined) {
      // The form raced a phase change or a change of the value: send the values back so it shows the truth.
      this.changes.emit('values', 'status');
      return;
    }
    this.form.set(field, value);
    this.notices.clear();
    this.metadata.validate(this.form);
    this.changes.emit('status');
    if (field === 'name') this.watchSummary();
  }

  /** Acquires the lock; on success the form becomes writable (and shows the server's latest values). */
  async edit(): Promise<void> {
    const id = this.key.id;
    const phase = this.lock.phase;
    if (id === undefined || phase === 'editing' || phase === 'acquiring' || phase === 'saving') return;
    this.lock.on('edit');
    this.notices.clear();
    this.changes.emit('status');
    let handle: LockHandle;
    try {
      handle = await lockDefect(this.options.api.locks, id);
    } catch (e) {
      if (e instanceof LockedByOtherError) this.lock.lockedBy(e.lockedBy, e.since);
      else {
        if (isCancellation(e)) this.notices.clear();
        else this.notices.error(l10n.t('Could not lock the defect for editing: {0}', this.describe(e)));
        this.lock.on('acquireFailed');
      }
      this.changes.emit('status');
      return;
    }
    if (this.changes.closed) {
      // The panel closed while the lock was being taken: give it straight back.
      await releaseLocks([handle]);
      return;
    }
    this.lock.took(handle);
    if (!this.form.isDirty) await this.refreshServer(true);
    this.lock.on('acquired');
    this.changes.emit('values', 'status');
  }

  retry(): Promise<void> {
    return this.edit();
  }

  /** Saves the edits (creates a new defect), the comment box's text added to the comments first; see SaveFlow.save. */
  save(options: { close?: boolean } = {}): Promise<SaveOutcome> {
    const draft = this.lock.phase === 'editing' && this.form.takeCommentDraft();
    if (draft) this.addComment(draft);
    return this.saving.save(this.key.id, options);
  }

  /** The text in the *New comment* box changed (an unsaved edit of the comments). Ignored unless editing. */
  setCommentDraft(text: string): void {
    if (this.lock.phase === 'editing') this.form.setCommentDraft(text);
    this.changes.emit('status');
  }

  /** Applies the user's field-by-field choices to the edits, then saves against the server's values. */
  resolveConflict(choices: Readonly<Record<string, ConflictChoice>>, options: { close?: boolean } = {}): Promise<SaveOutcome> {
    return this.saving.resolve(this.key.id, choices, options);
  }

  /** Leaves the choice without deciding; the edits stay and the next Save asks again. */
  dismissConflict(): void {
    this.saving.dropConflict();
    this.changes.emit('status');
  }

  /** Discards every edit (with its pasted images, also those a failed save uploaded) and releases the lock. */
  async cancel(): Promise<void> {
    this.form.clear();
    this.notices.clear();
    await this.saving.discard(this.key.id);
    await this.lock.release('released');
    this.changes.emit('values', 'status');
  }

  /** Releases the lock and keeps the edits (panel closing, window reloading, extension deactivating). */
  async release(): Promise<void> {
    await this.lock.release('released');
    this.changes.emit('status');
  }

  addComment(text: string): void {
    if (this.lock.phase !== 'editing') throw new Error(l10n.t('Click Edit before adding a comment.'));
    this.setField(COMMENTS, this.form.takeComment(this.options.user, this.now(), text));
    this.changes.emit('values');
  }

  /** An image pasted into a memo while editing: held until Save attaches it (MemoImages). */
  async pasteImage(image: PastedImage): Promise<PastedImageReply> {
    if (this.lock.phase !== 'editing') throw new Error(l10n.t('Click Edit before pasting an image.'));
    if (!this.images) throw new Error(l10n.t('Images cannot be attached here.'));
    return this.images.paste(image);
  }

  /** The notice's Retry after a new defect's images could not all be attached. */
  async retryImages(): Promise<void> {
    if (this.lock.phase === 'editing' || this.lock.phase === 'saving') throw new Error(l10n.t('Save or cancel your changes first, then click Retry.'));
    await this.saving.retryImages(this.key.id);
  }

  /** A status action: starts editing when needed and sets the status (saved with the other edits). */
  async setStatus(value: string): Promise<void> {
    if (!this.metadata.statusValues.includes(value)) throw new RangeError(l10n.t('"{0}" is not a value of the status list.', value));
    if (this.lock.phase !== 'editing') await this.edit();
    if (this.lock.phase !== 'editing') return;
    this.setField('status', value);
    this.changes.emit('values');
  }

  /** Re-reads the defect (and everything after a failed load); edits are kept. */
  async reload(): Promise<void> {
    if (this.lock.phase === 'error') {
      this.lock.on('reload');
      this.notices.clear();
      this.changes.emit('status');
      return this.load();
    }
    await this.refreshServer(false);
    this.changes.emit('values', 'status');
  }

  /**
   * Polled while the editor is visible: outside edit mode, a moved `ver-stamp` (the only field read)
   * reloads the defect and says who changed what; the user's edits are never replaced. Resolves whether it reloaded.
   */
  async checkForChanges(writer?: DefectEventSource): Promise<boolean> {
    const id = this.key.id;
    if (!this.quiet || id === undefined || this.changes.closed) return false;
    const probe = await this.options.api.defects.get(id, { fields: ['ver-stamp'] });
    const stamp = verStampOf(wireValues(probe));
    // The phase may have moved while the probe was out (the user clicked Edit).
    if (stamp === null || stamp === verStampOf(this.form.server) || !this.quiet) return false;
    const before = this.form.server;
    await this.refreshServer(false);
    if (this.form.server === before) return false;
    this.notices.info(await remoteChangeNotice(this.options.api, id, before, this.form.server, (f) => this.metadata.label(f), { me: this.options.user, writer }));
    this.changes.emit('values', 'status');
    return true;
  }

  /** Polled by the adapter: a lock the client reports lost makes the editor read-only, edits kept. */
  checkLock(): void {
    if (!this.lock.lostByClient) return;
    this.lock.lost();
    this.notices.lockLost();
    this.changes.emit('status');
  }

  /** Stops all updates and releases the lock (edits live on in the webview state). */
  async dispose(): Promise<void> {
    if (this.changes.closed) return;
    this.changes.close();
    this.finder?.dispose();
    await this.lock.release('released');
  }

  // ---- internals ----
  private get isNew(): boolean {
    return this.key.id === undefined;
  }

  /** Read-only or locked by someone else: the phases in which a newer server version is shown at once. */
  private get quiet(): boolean {
    const phase = this.lock.phase;
    return phase === 'read-only' || phase === 'locked-by-other';
  }

  /** Re-reads the defect; with `announce`, says when it had changed since it was shown. */
  private async refreshServer(announce: boolean): Promise<void> {
    if (this.key.id === undefined) return;
    try {
      const latest = wireValues(await this.options.api.defects.get(this.key.id));
      if (announce && verStampOf(latest) !== verStampOf(this.form.server)) {
        this.notices.info(l10n.t('The defect changed on the server since it was opened; you are editing the latest version.'));
      }
      this.form.rebase(latest);
    } catch (e) {
      if (!isCancellation(e)) this.notices.warning(l10n.t('Could not re-read the defect: {0}', this.describe(e)));
    }
  }

  /** A new defect's summary changed: look for likely duplicates once it rests (see DuplicateFinder). */
  private watchSummary(): void {
    const search = this.options.findDuplicates;
    if (!this.isNew || !search) return;
    this.finder ??= new DuplicateFinder(
      search,
      (found) => {
        this.duplicates = found.filter((d) => d.id !== this.options.prefill?.sourceId).map((d) => ({ id: d.id, name: d.name, status: d.status }));
        this.changes.emit('status');
      },
      // A failed look-up costs nothing the user typed; the next change of the summary asks again.
      () => undefined,
      this.options.schedule,
    );
    const name = this.form.value('name');
    this.finder.summaryChanged(typeof name === 'string' ? name : '');
  }
}
