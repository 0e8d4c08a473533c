// The editor's lock state machine as a table, so every allowed transition is visible in one
// place and anything else is refused:
//   loading → read-only → acquiring → editing → saving → editing (also after a failed save) | read-only
//   acquiring → locked-by-other (who, since) → acquiring (retry)
//   editing | saving → lost (edits kept) → acquiring (retry)
import type { LockPhase } from '../../shared/editorProtocol';

export type LockEvent =
  | 'loaded' // the defect was read; a new defect goes straight to editing
  | 'loadedNew'
  | 'loadFailed'
  | 'edit' // the user asked to edit (or retry)
  | 'acquired'
  | 'lockedByOther'
  | 'acquireFailed'
  | 'save'
  | 'saved' // stays editing, lock kept
  | 'savedReleased' // saved and the lock released (Save & Close, or a new defect created)
  | 'saveRejected' // validation, conflict or nothing to do: back to editing, lock kept
  | 'saveFailed' // an unexpected error (the server down, a 500): back to editing, lock and edits kept, Save tries again
  | 'lost'
  | 'released' // Cancel, close, deactivate
  | 'reload';

const TABLE: Record<LockPhase, Partial<Record<LockEvent, LockPhase>>> = {
  loading: { loaded: 'read-only', loadedNew: 'editing', loadFailed: 'error', lost: 'loading', released: 'loading' },
  'read-only': { edit: 'acquiring', reload: 'loading', released: 'read-only', lost: 'read-only' },
  acquiring: { acquired: 'editing', lockedByOther: 'locked-by-other', acquireFailed: 'read-only', released: 'read-only', lost: 'read-only' },
  editing: { save: 'saving', lost: 'lost', released: 'read-only', reload: 'editing' },
  saving: {
    saved: 'editing',
    savedReleased: 'read-only',
    saveRejected: 'editing',
    saveFailed: 'editing',
    lost: 'lost',
    released: 'read-only',
  },
  'locked-by-other': { edit: 'acquiring', reload: 'loading', released: 'locked-by-other', lost: 'locked-by-other' },
  lost: { edit: 'acquiring', released: 'lost', lost: 'lost', reload: 'lost' },
  error: { reload: 'loading', released: 'error', lost: 'error' },
};

class IllegalTransitionError extends Error {
  constructor(
    readonly phase: LockPhase,
    readonly event: LockEvent,
  ) {
    super(`The editor cannot handle "${event}" while ${phase}.`);
    this.name = 'IllegalTransitionError';
  }
}

/** The phase after `event`, or an IllegalTransitionError. */
export function nextPhase(phase: LockPhase, event: LockEvent): LockPhase {
  const next = TABLE[phase][event];
  if (!next) throw new IllegalTransitionError(phase, event);
  return next;
}

export function canHandle(phase: LockPhase, event: LockEvent): boolean {
  return TABLE[phase][event] !== undefined;
}
