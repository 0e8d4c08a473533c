// The editor's hold on the defect's server lock: the phase of the lock state machine
// (lockMachine.ts), the client's lock handle while one is held, and who holds it when someone
// else does. The flows that talk to the server (edit, save) report what happened here; nothing
// else changes the phase. No I/O except giving a handle back.
import type { LockHandle } from '../../api/index';
import { releaseLocks } from '../../defects/lockedWrite';
import type { LockPhase, StatusParams } from '../../shared/editorProtocol';
import { canHandle, nextPhase } from './lockMachine';
import type { LockEvent } from './lockMachine';

export class EditorLock {
  private current: LockPhase = 'loading';
  private handle: LockHandle | undefined;
  private heldByOther: { holder?: string; since?: string } | undefined;

  get phase(): LockPhase {
    return this.current;
  }

  /** Whether the editor holds the lock right now (the client may have lost it since it was taken). */
  get held(): boolean {
    return this.handle?.state === 'held';
  }

  /** The handle a save sends its update under; undefined when none is taken. */
  get forUpdate(): LockHandle | undefined {
    return this.handle;
  }

  /** True when the client reports the lock of an editing (or saving) editor lost, e.g. after a re-sign-in. */
  get lostByClient(): boolean {
    return (this.current === 'editing' || this.current === 'saving') && this.handle?.state === 'lost';
  }

  /** The lock part of the status the page shows: the phase, and the holder while someone else has it. */
  view(): StatusParams['lock'] {
    return { phase: this.current, ...(this.current === 'locked-by-other' ? this.heldByOther : {}) };
  }

  /** Moves the state machine; an event the current phase does not allow throws. */
  on(event: LockEvent): void {
    this.current = nextPhase(this.current, event);
  }

  /** A lock was taken (the phase is moved by the caller once the defect is re-read). */
  took(handle: LockHandle): void {
    this.handle = handle;
    this.heldByOther = undefined;
  }

  /** Someone else holds the lock; the page names them. */
  lockedBy(holder: string | undefined, since: string | undefined): void {
    this.heldByOther = { holder, since };
    this.on('lockedByOther');
  }

  /** The lock is gone without a release (lost by the session, taken by someone else): edits stay. */
  lost(): void {
    this.handle = undefined;
    this.on('lost');
  }

  /** Gives the lock back (if one is held) and moves by `event` where the phase allows it. */
  async release(event: LockEvent): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await releaseLocks([handle]);
    // `released` outside a holding phase changes nothing; the table says so.
    if (canHandle(this.current, event)) this.current = nextPhase(this.current, event);
  }
}
