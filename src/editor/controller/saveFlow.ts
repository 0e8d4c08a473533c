// Saving the editor's edits: validation, the ver-stamp check against the server's latest values
// (a conflict the user resolves field by field), the update sent only under the lock, a lock the
// session lost taken again, and each way a save can fail turned into a notice with the edits
// kept. A new defect is created instead. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { LockLostError, LockedByOtherError, ValidationError, VersionConflictError, isCancellation } from '../../api/index';
import type { Defect, LockHandle } from '../../api/index';
import type { ConflictChoice, ConflictView, SaveOutcome, WireValue } from '../../shared/editorProtocol';
import type { ControllerChanges } from './changes';
import { applyChoices, findConflict } from './conflicts';
import type { EditState } from './editState';
import type { EditorLock } from './editorLock';
import { lockDefect, writeUnderLock } from '../../defects/lockedWrite';
import type { FormMetadata } from './formMetadata';
import type { Notices } from './notices';
import type { MemoImages } from './memoImages';
import { withImageSources } from './memoImages';
import type { EditorProjectApi } from './types';
import { wireValues } from './values';

/** The editor's parts a save reads and moves, and what it reports back. */
export interface SaveFlowParts {
  api: Pick<EditorProjectApi, 'defects' | 'locks'>;
  form: EditState;
  lock: EditorLock;
  metadata: FormMetadata;
  notices: Notices;
  changes: ControllerChanges;
  now: () => Date;
  describe: (e: unknown) => string;
  /** The defect as the server has it after a save of an existing defect. */
  onSaved?: (defect: Defect) => void;
  /** A new defect was created with `id`: from now on the editor shows that defect (awaited before it is shown). */
  onCreated: (id: number) => void | Promise<void>;
  /** Images pasted into memos: uploaded by the save (a new defect's once it is created). */
  images?: MemoImages;
}

/** What attaching a new defect's pasted images left to do: uploads that failed, memos not saved yet. */
interface ImagesLeft {
  missing: string[];
  /** The memos with their images' final sources, when saving them failed. */
  memos?: Record<string, string>;
  reason?: string;
}

export class SaveFlow {
  /** What a new defect's pasted images still need (a retry does it). */
  private imagesLeft: ImagesLeft | undefined;
  /** The conflict the user is asked to resolve, with the server values it was found against. */
  private conflict: { view: ConflictView; latest: Record<string, WireValue> } | undefined;

  constructor(private readonly parts: SaveFlowParts) {}

  /** The conflict the page shows, if a save found one. */
  get conflictView(): ConflictView | undefined {
    return this.conflict?.view;
  }

  /** Forgets the conflict without deciding (the next Save asks again) or after Cancel. */
  dropConflict(): void {
    this.conflict = undefined;
  }

  /** The edit was discarded: its conflict is forgotten and its pasted images with it (MemoImages.discard). */
  async discard(id: number | undefined): Promise<void> {
    this.conflict = undefined;
    const left = await this.parts.images?.discard(id);
    if (left) this.parts.notices.warning(left);
  }

  /**
   * Saves the edits of defect `id` (creates the defect when there is no id yet): validates, checks
   * the ver-stamp, sends only the changed fields, and only under the lock. A lock the session lost
   * (the client signed in again) is taken again first and the defect re-read, so a change made
   * meanwhile shows as a conflict; if someone else holds it now, the user is told and the edits stay.
   */
  async save(id: number | undefined, options: { close?: boolean } = {}): Promise<SaveOutcome> {
    const { form, lock, changes } = this.parts;
    if (id === undefined) return this.create();
    if (lock.phase === 'lost') return 'lost';
    if (lock.phase !== 'editing') return 'nothing';
    if (!form.isDirty) {
      if (options.close) await lock.release('savedReleased');
      return 'nothing';
    }
    if (!this.validForSave()) return 'invalid';
    this.conflict = undefined;
    lock.on('save');
    changes.emit('status');
    return this.saveUnderLock(id, options);
  }

  /** Applies the user's field-by-field choices to the edits, then saves against the server's values. */
  async resolve(id: number | undefined, choices: Readonly<Record<string, ConflictChoice>>, options: { close?: boolean } = {}): Promise<SaveOutcome> {
    if (!this.conflict) return this.save(id, options);
    const { view, latest } = this.conflict;
    const { form } = this.parts;
    form.replaceEdits(applyChoices(view, choices, form.edits, latest), latest);
    this.conflict = undefined;
    this.parts.changes.emit('values');
    return this.save(id, options);
  }

  private async saveUnderLock(id: number, options: { close?: boolean }): Promise<SaveOutcome> {
    const { api, form, lock, metadata, notices, changes } = this.parts;
    // Each round re-takes a lost lock and re-reads; a session renewed again mid-way costs one more.
    for (let round = 0; ; round++) {
      try {
        if (!(await this.holdLock(id))) return 'lost';
        const latestDefect = await api.defects.get(id);
        // The read itself may have renewed the session, and so lost the lock: take it again first.
        if (!lock.held && round < 2) continue;
        const latest = wireValues(latestDefect);
        const conflict = findConflict(form.comparedAgainst, latest, form.edits, (f) => metadata.label(f));
        if (conflict) {
          this.conflict = { view: conflict, latest };
          lock.on('saveRejected');
          changes.emit('status');
          return 'conflict';
        }
        // Pasted images go up only now, and the memos that show them say where they are.
        const images = this.parts.images;
        const edits = images ? { ...form.edits, ...(await images.beforeSave(id, form.edits)) } : form.edits;
        const updated = await api.defects.update(id, edits, { original: latestDefect, lock: lock.forUpdate });
        images?.saved();
        form.saved(wireValues(updated));
        this.parts.onSaved?.(updated);
        notices.info(l10n.t('Saved at {0}.', this.parts.now().toTimeString().slice(0, 8)));
        if (options.close) await lock.release('savedReleased');
        else lock.on('saved');
        changes.emit('values', 'status');
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
    const { lock } = this.parts;
    if (lock.held) return true;
    let handle: LockHandle;
    try {
      handle = await lockDefect(this.parts.api.locks, id);
    } catch (e) {
      if (!(e instanceof LockedByOtherError)) throw e;
      const who = e.lockedBy ?? l10n.t('another user');
      this.lost(e.since ? l10n.t('{0} holds the lock now since {1}; nothing was saved', who, e.since) : l10n.t('{0} holds the lock now; nothing was saved', who));
      return false;
    }
    lock.took(handle);
    return true;
  }

  private async create(): Promise<SaveOutcome> {
    const { api, form, lock, notices, changes } = this.parts;
    if (lock.phase !== 'editing') return 'nothing';
    if (!this.validForSave()) return 'invalid';
    lock.on('save');
    changes.emit('status');
    try {
      const created = await api.defects.create(form.edits);
      // What follows a create (a clone's link) is in place before the page shows the new defect's sections.
      // The defect exists whatever the follow-up does: its failure is the follow-up's to report.
      await Promise.resolve()
        .then(() => this.parts.onCreated(created.id))
        .catch(() => undefined);
      // The defect exists now: whatever happens to its images, it stays, and so does the text.
      const final = this.parts.images?.hasWaiting ? await this.attachImages(created, form.edits) : created;
      form.saved(wireValues(final));
      if (this.imagesLeft) notices.imagesMissing(this.describeImagesLeft(created.id, this.imagesLeft));
      else notices.info(l10n.t('Created defect {0}.', created.id));
      lock.on('savedReleased');
      changes.emit('init', 'values', 'status');
      return 'saved';
    } catch (e) {
      if (e instanceof ValidationError) return this.rejectedByServer(e);
      notices.error(l10n.t('Could not create the defect: {0}', this.parts.describe(e)));
      lock.on('saveRejected');
      changes.emit('status');
      return isCancellation(e) ? 'cancelled' : 'failed';
    }
  }

  /**
   * After a new defect was created: uploads its pasted images, then saves the memos with their
   * sources made absolute, under a lock as any write. Never throws: what is left is remembered
   * for retryImages. Resolves with the defect as the server has it last.
   */
  private async attachImages(created: Defect, edits: Readonly<Record<string, WireValue>>): Promise<Defect> {
    const images = this.parts.images;
    if (!images) return created;
    const uploaded = await images.upload(created.id, edits);
    const memos = withImageSources(edits, uploaded.sources);
    this.imagesLeft = uploaded.missing.length ? { missing: uploaded.missing, reason: uploaded.reason } : undefined;
    return this.saveMemos(created.id, memos, created);
  }

  /** Saves memos under a lock of their own; a failure is remembered (with the memos) for a retry. */
  private async saveMemos(id: number, memos: Record<string, string>, original: Defect | undefined): Promise<Defect> {
    const { api } = this.parts;
    if (Object.keys(memos).length === 0) return original ?? api.defects.get(id);
    try {
      return await writeUnderLock(api.locks, id, {}, (lock) => api.defects.update(id, memos, { original, lock }));
    } catch (e) {
      const left = this.imagesLeft ?? { missing: [] };
      this.imagesLeft = { ...left, memos, reason: this.parts.describe(e) };
      return original ?? api.defects.get(id);
    }
  }

  /** Uploads the images still missing and saves the memos not saved yet (the notice's Retry). */
  async retryImages(id: number | undefined): Promise<void> {
    const left = this.imagesLeft;
    const images = this.parts.images;
    if (id === undefined || !left || !images) return;
    const { form, notices, changes } = this.parts;
    this.imagesLeft = undefined;
    const uploaded = images.hasWaiting ? await images.upload(id) : { missing: [], reason: undefined };
    if (uploaded.missing.length) this.imagesLeft = { missing: uploaded.missing, reason: uploaded.reason };
    if (left.memos) {
      form.rebase(wireValues(await this.saveMemos(id, left.memos, undefined)));
    }
    if (this.imagesLeft) notices.imagesMissing(this.describeImagesLeft(id, this.imagesLeft));
    else notices.info(l10n.t('The pasted images are attached to defect {0}.', id));
    changes.emit('values', 'status');
  }

  private describeImagesLeft(id: number, left: ImagesLeft): string {
    const reason = left.reason ?? '';
    if (left.missing.length) {
      return l10n.t('Defect {0} was created, but these pasted images could not be attached and show as missing: {1}. {2} Click Retry to upload them again.', id, left.missing.join(', '), reason);
    }
    return l10n.t('Defect {0} and its images were saved, but its memos could not be updated to show them: {1} Click Retry to try again.', id, reason);
  }

  private async saveFailed(e: unknown): Promise<SaveOutcome> {
    const { lock, notices, changes } = this.parts;
    if (e instanceof ValidationError) return this.rejectedByServer(e);
    if (e instanceof LockLostError) {
      this.lost(l10n.t('the session kept ending before the save; nothing was saved'));
      return 'lost';
    }
    if (e instanceof LockedByOtherError) {
      // Someone else holds the lock now: ours is gone.
      this.lost(e.lockedBy ? l10n.t('{0} holds the lock now', e.lockedBy) : undefined);
      return 'lost';
    }
    if (e instanceof VersionConflictError) {
      lock.on('saveRejected');
      notices.warning(l10n.t('The server refused the save because the defect changed meanwhile. Click Save to compare.'));
      changes.emit('status');
      return 'conflict';
    }
    const cancelled = isCancellation(e);
    if (cancelled) notices.info(l10n.t('Save cancelled; your changes are kept.'));
    else notices.error(l10n.t('Save failed: {0} Your changes are kept; click Save to try again.', this.parts.describe(e)));
    // The form stays editable with what was typed in it, so that Save is there to click again (a server
    // that was down is often back a moment later). The lock is kept: one the server lost meanwhile (it
    // restarted, the session ended) is taken again by the next save; Cancel or closing gives it back.
    lock.on('saveFailed');
    changes.emit('status');
    return cancelled ? 'cancelled' : 'failed';
  }

  private rejectedByServer(e: ValidationError): SaveOutcome {
    const { form, lock, metadata, changes } = this.parts;
    form.setServerProblems(
      e.problems.length ? e.problems.map((p) => ({ field: p.field, label: p.label ?? (p.field ? metadata.label(p.field) : undefined), message: p.message })) : [{ message: e.message }],
    );
    lock.on('saveRejected');
    changes.emit('status');
    return 'invalid';
  }

  /** Every problem shows on a save; the page hears of them at once. */
  private validForSave(): boolean {
    const valid = this.parts.metadata.validate(this.parts.form, true);
    if (!valid) this.parts.changes.emit('status');
    return valid;
  }

  private lost(why?: string): void {
    this.parts.lock.lost();
    this.parts.notices.lockLost(why);
    this.parts.changes.emit('status');
  }
}
