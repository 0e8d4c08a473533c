// The defect editor's user operations without VS Code: load, edit under a lock, type (validated
// from the metadata as the user types), save after the ver-stamp check, resolve conflicts, add
// comments, cancel and release. State and notifications live in ControllerBase.
import * as l10n from '@vscode/l10n';
import { LockLostError, LockedByOtherError, ValidationError, VersionConflictError, isCancellation } from '../../api/index';
import type { LockHandle } from '../../api/index';
import type { ConflictChoice, SaveOutcome, WireValue } from '../../shared/editorProtocol';
import { appendComment, localDate } from '../../defects/comments';
import { applyChoices, findConflict } from './conflicts';
import { ControllerBase } from './controllerBase';
import { describeRemoteChange } from './remoteChange';
import { verStampOf } from './conflicts';
import { statusValues } from '../../defects/status';
import { buildFieldViews } from './fieldViews';
import { wireValues } from './values';

export type { DefectControllerOptions } from './controllerBase';

export class DefectController extends ControllerBase {
  /** Reads metadata, lists and the defect; restores unsaved edits given in the options. */
  async load(): Promise<void> {
    const { api } = this.options;
    const noUsers = Promise.resolve([] as readonly string[]);
    try {
      const [catalog, lists, users, defect] = await Promise.all([
        api.fields('defects'),
        api.listItems(),
        this.options.users ? this.options.users().catch(() => [] as readonly string[]) : noUsers,
        this.key.id === undefined ? Promise.resolve(undefined) : api.defects.get(this.key.id),
      ]);
      if (this.disposed) return;
      this.catalog = catalog;
      this.lists = lists;
      this.views = buildFieldViews(
        catalog,
        lists,
        [...new Set([...users, this.options.user])].sort((a, b) => a.localeCompare(b)),
      );
      this.statuses = statusValues(catalog, lists);
      if (defect) this.form.server = wireValues(defect);
      else for (const [f, v] of Object.entries(this.newDefectDefaults())) this.form.set(f, v);
      this.transition(this.isNew ? 'loadedNew' : 'loaded');
      const restore = this.options.restore;
      if (restore && this.form.restore(restore, (f) => this.views.some((v) => v.name === f && !v.readOnly))) {
        this.notice = { kind: 'info', text: l10n.t('Unsaved changes were restored. Click Edit to continue, or Cancel to discard them.') };
      }
      this.revalidate();
    } catch (e) {
      if (isCancellation(e)) return;
      this.notice = { kind: 'error', text: l10n.t('Could not open the defect: {0}', this.describe(e)) };
      this.transition('loadFailed');
    }
    this.emit('init', 'values', 'status');
  }

  /** Records one field's new value; validation runs at once. Ignored unless editing. */
  setField(field: string, value: WireValue): void {
    const view = this.views.find((v) => v.name === field);
    if (this.phase !== 'editing' || !view || view.readOnly) {
      // The form raced a phase change: send the values back so it shows the truth.
      this.emit('values', 'status');
      return;
    }
    this.form.set(field, value);
    this.notice = undefined;
    this.revalidate();
    this.emit('status');
  }

  /** Acquires the lock; on success the form becomes writable (and shows the server's latest values). */
  async edit(): Promise<void> {
    if (this.isNew || this.key.id === undefined) return;
    if (this.phase === 'editing' || this.phase === 'acquiring' || this.phase === 'saving') return;
    this.transition('edit');
    this.notice = undefined;
    this.emit('status');
    let handle: LockHandle;
    try {
      handle = await this.options.api.locks.acquire({ type: 'defect', id: this.key.id });
    } catch (e) {
      if (e instanceof LockedByOtherError) {
        this.holder = { holder: e.lockedBy, since: e.since };
        this.transition('lockedByOther');
      } else {
        this.notice = isCancellation(e) ? undefined : { kind: 'error', text: l10n.t('Could not lock the defect for editing: {0}', this.describe(e)) };
        this.transition('acquireFailed');
      }
      this.emit('status');
      return;
    }
    if (this.disposed) {
      // The panel closed while the lock was being taken: give it straight back.
      await handle.release().catch(() => undefined);
      return;
    }
    this.lock = handle;
    this.holder = undefined;
    if (!this.form.isDirty) await this.refreshServer(true);
    this.transition('acquired');
    this.emit('values', 'status');
  }

  retry(): Promise<void> {
    return this.edit();
  }

  /**
   * Saves the edits: validates, checks the ver-stamp, sends only the changed fields, and only
   * under the lock. A lock the session lost (the client signed in again) is taken again first
   * and the defect re-read, so a change made meanwhile shows as a conflict; if someone else
   * holds it now, the user is told and the edits stay.
   */
  async save(options: { close?: boolean } = {}): Promise<SaveOutcome> {
    if (this.isNew) return this.create();
    if (this.phase === 'lost') return 'lost';
    if (this.phase !== 'editing' || this.key.id === undefined) return 'nothing';
    if (!this.form.isDirty) {
      if (options.close) await this.releaseLock('savedReleased');
      return 'nothing';
    }
    if (!this.revalidate(true)) return 'invalid';
    this.conflict = undefined;
    this.transition('save');
    this.emit('status');
    return this.saveUnderLock(this.key.id, options);
  }

  private async saveUnderLock(id: number, options: { close?: boolean }): Promise<SaveOutcome> {
    // Each round re-takes a lost lock and re-reads; a session renewed again mid-way costs one more.
    for (let round = 0; ; round++) {
      try {
        if (!(await this.holdLock(id))) return 'lost';
        const latestDefect = await this.options.api.defects.get(id);
        // The read itself may have renewed the session, and so lost the lock: take it again first.
        if (this.lock?.state !== 'held' && round < 2) continue;
        const latest = wireValues(latestDefect);
        const conflict = findConflict(this.form.comparedAgainst, latest, this.form.edits, (f) => this.label(f));
        if (conflict) {
          this.conflict = { view: conflict, latest };
          this.transition('saveRejected');
          this.emit('status');
          return 'conflict';
        }
        const updated = await this.options.api.defects.update(id, this.form.edits, { original: latestDefect, lock: this.lock });
        this.form.saved(wireValues(updated));
        this.options.onSaved?.(updated);
        this.notice = { kind: 'info', text: l10n.t('Saved at {0}.', this.now().toTimeString().slice(0, 8)) };
        if (options.close) await this.releaseLock('savedReleased');
        else this.transition('saved');
        this.emit('values', 'status');
        return 'saved';
      } catch (e) {
        if (e instanceof LockLostError && round < 2) continue;
        return this.saveFailed(e);
      }
    }
  }

  /**
   * True once the editor holds its lock: one its session lost is taken again (no other user
   * can have saved without it being visible in the ver-stamp, which the caller checks next).
   * Someone else holding it now makes the editor 'lost', edits kept, and answers false.
   */
  private async holdLock(id: number): Promise<boolean> {
    if (this.lock?.state === 'held') return true;
    let handle: LockHandle;
    try {
      handle = await this.options.api.locks.acquire({ type: 'defect', id });
    } catch (e) {
      if (!(e instanceof LockedByOtherError)) throw e;
      const who = e.lockedBy ?? l10n.t('another user');
      this.toLost(e.since ? l10n.t('{0} holds the lock now since {1}; nothing was saved', who, e.since) : l10n.t('{0} holds the lock now; nothing was saved', who));
      return false;
    }
    this.lock = handle;
    return true;
  }

  /** Applies the user's field-by-field choices to the edits, then saves against the server's values. */
  async resolveConflict(choices: Readonly<Record<string, ConflictChoice>>, options: { close?: boolean } = {}): Promise<SaveOutcome> {
    if (!this.conflict) return this.save(options);
    const { view, latest } = this.conflict;
    this.form.replaceEdits(applyChoices(view, choices, this.form.edits, latest), latest);
    this.conflict = undefined;
    this.emit('values');
    return this.save(options);
  }

  /** Leaves the choice without deciding; the edits stay and the next Save asks again. */
  dismissConflict(): void {
    this.conflict = undefined;
    this.emit('status');
  }

  /** Discards every edit and releases the lock. */
  async cancel(): Promise<void> {
    this.form.clear();
    this.conflict = undefined;
    this.notice = undefined;
    await this.releaseLock('released');
    this.emit('values', 'status');
  }

  /** Releases the lock and keeps the edits (panel closing, window reloading, extension deactivating). */
  async release(): Promise<void> {
    await this.releaseLock('released');
    this.emit('status');
  }

  addComment(text: string): void {
    if (this.phase !== 'editing') throw new Error(l10n.t('Click Edit before adding a comment.'));
    const current = this.form.value('dev-comments');
    this.setField('dev-comments', appendComment(typeof current === 'string' ? current : null, this.options.user, this.now(), text));
    this.emit('values');
  }

  /** A status action: starts editing when needed and sets the status (saved with the other edits). */
  async setStatus(value: string): Promise<void> {
    if (!this.statuses.includes(value)) throw new RangeError(l10n.t('"{0}" is not a value of the status list.', value));
    if (this.phase !== 'editing') await this.edit();
    if (this.phase !== 'editing') return;
    this.setField('status', value);
    this.emit('values');
  }

  /** Re-reads the defect (and everything after a failed load); edits are kept. */
  async reload(): Promise<void> {
    if (this.phase === 'error') {
      this.transition('reload');
      this.notice = undefined;
      this.emit('status');
      return this.load();
    }
    await this.refreshServer(false);
    this.emit('values', 'status');
  }

  /**
   * Polled while the editor is visible: outside edit mode, a moved `ver-stamp` (the only field read)
   * reloads the defect and says who changed what. Editing phases are left alone: the user's edits
   * are never replaced (a conflict is resolved at save). Resolves whether it reloaded.
   */
  async checkForChanges(): Promise<boolean> {
    const id = this.key.id;
    const quiet = this.phase === 'read-only' || this.phase === 'locked-by-other';
    if (!quiet || this.isNew || id === undefined || this.disposed) return false;
    const probe = await this.options.api.defects.get(id, { fields: ['ver-stamp'] });
    const stamp = verStampOf(wireValues(probe));
    if (stamp === null || stamp === verStampOf(this.form.server) || (this.phase !== 'read-only' && this.phase !== 'locked-by-other')) return false;
    const before = this.form.server;
    await this.refreshServer(false);
    if (this.form.server === before) return false;
    this.notice = { kind: 'info', text: describeRemoteChange(before, this.form.server, (f) => this.label(f)) };
    this.emit('values', 'status');
    return true;
  }

  /** Polled by the adapter: a lock the client reports lost makes the editor read-only, edits kept. */
  checkLock(): void {
    if ((this.phase === 'editing' || this.phase === 'saving') && this.lock && this.lock.state === 'lost') this.toLost();
  }

  /** Stops all updates and releases the lock (edits live on in the webview state). */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.listeners.clear();
    await this.releaseLock('released');
  }

  // ---- internals ----

  private async create(): Promise<SaveOutcome> {
    if (this.phase !== 'editing') return 'nothing';
    if (!this.revalidate(true)) return 'invalid';
    this.transition('save');
    this.emit('status');
    try {
      const created = await this.options.api.defects.create(this.form.edits);
      this.key = { ...this.key, id: created.id };
      this.isNew = false;
      this.form.saved(wireValues(created));
      this.notice = { kind: 'info', text: l10n.t('Created defect {0}.', created.id) };
      this.transition('savedReleased');
      this.emit('init', 'values', 'status');
      return 'saved';
    } catch (e) {
      if (e instanceof ValidationError) return this.rejectedByServer(e);
      this.notice = { kind: 'error', text: l10n.t('Could not create the defect: {0}', this.describe(e)) };
      this.transition('saveRejected');
      this.emit('status');
      return isCancellation(e) ? 'cancelled' : 'failed';
    }
  }

  private async saveFailed(e: unknown): Promise<SaveOutcome> {
    if (e instanceof ValidationError) return this.rejectedByServer(e);
    if (e instanceof LockLostError) {
      this.toLost(l10n.t('the session kept ending before the save; nothing was saved'));
      return 'lost';
    }
    if (e instanceof LockedByOtherError) {
      // Someone else holds the lock now: ours is gone.
      this.toLost(e.lockedBy ? l10n.t('{0} holds the lock now', e.lockedBy) : undefined);
      return 'lost';
    }
    if (e instanceof VersionConflictError) {
      this.transition('saveRejected');
      this.notice = { kind: 'warning', text: l10n.t('The server refused the save because the defect changed meanwhile. Click Save to compare.') };
      this.emit('status');
      return 'conflict';
    }
    const cancelled = isCancellation(e);
    this.notice = cancelled
      ? { kind: 'info', text: l10n.t('Save cancelled; your changes are kept.') }
      : { kind: 'error', text: l10n.t('Save failed: {0} Your changes are kept; click Edit to try again.', this.describe(e)) };
    // After an unexpected error the lock is not left dangling; the edits stay.
    await this.releaseLock('saveFailed');
    this.emit('status');
    return cancelled ? 'cancelled' : 'failed';
  }

  private rejectedByServer(e: ValidationError): SaveOutcome {
    this.form.setServerProblems(
      e.problems.length ? e.problems.map((p) => ({ field: p.field, label: p.label ?? (p.field ? this.label(p.field) : undefined), message: p.message })) : [{ message: e.message }],
    );
    this.transition('saveRejected');
    this.emit('status');
    return 'invalid';
  }

  private newDefectDefaults(): Record<string, WireValue> {
    const defaults: Record<string, WireValue> = { 'detected-by': this.options.user, 'creation-time': localDate(this.now()) };
    if (this.statuses.includes('New')) defaults.status = 'New';
    return defaults;
  }
}
