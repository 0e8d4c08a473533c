// One simulated editing session: the editor's controller (no VS Code) over the real client opens a
// defect, takes the lock, edits one to three fields and ends one of seven ways. What was written,
// acknowledged and told is recorded for the ledger's checks; lock handles for the lock checks.
import type { AlmClient, LockHandle, ProjectApi } from '../../src/api/index';
import { DefectController } from '../../src/editor/controller/defectController';
import type { EditorProjectApi } from '../../src/editor/controller/types';
import type { ConflictChoice, NoticeView, SaveOutcome, WireValue } from '../../src/shared/editorProtocol';
import type { Ledger, WriteAttempt } from './ledger';
import { sameWritten } from './ledger';
import type { Rng } from '../support/random';

const ENDINGS = ['save', 'save-and-close', 'cancel', 'close-unsaved', 'crash', 'sign-out', 'expire'] as const;
type Ending = (typeof ENDINGS)[number];

export interface Actor {
  user: string;
  client: AlmClient;
  project: ProjectApi;
  rng: Rng;
}

export interface SessionEnv {
  ledger: Ledger;
  defects: readonly number[];
  /** Server idle time: an "expire" ending waits longer than this. */
  sessionIdleMs: number;
  /** An operation still running after this long has hung. */
  hungAfterMs: number;
  hung: string[];
}

export interface SessionReport {
  ending: Ending | 'load-failed' | 'not-locked';
  /** Lock handles this session took; a clean ending must leave none held. */
  handles: LockHandle[];
  clean: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The project API the controller sees, recording every update it sends and every lock it takes. */
interface ApiLog {
  onUpdate(id: number, changes: Record<string, WireValue>): WriteAttempt;
  handles: LockHandle[];
}

function recordingApi(project: ProjectApi, log: ApiLog): EditorProjectApi {
  return {
    defects: {
      get: (id, o) => project.defects.get(id, o),
      create: (fields, o) => project.defects.create(fields, o),
      update: async (id, changes, o) => {
        const attempt = log.onUpdate(id, changes);
        const updated = await project.defects.update(id, changes, o);
        const stamp = updated['ver-stamp'];
        if (typeof stamp === 'number') {
          attempt.acked = { stamp };
        }
        return updated;
      },
    },
    locks: {
      acquire: async (entity, o) => {
        const handle = await project.locks.acquire(entity, o);
        log.handles.push(handle);
        return handle;
      },
    },
    fields: (c, o) => project.fields(c, o),
    listItems: (o) => project.listItems(o),
  };
}

export async function runSession(env: SessionEnv, actor: Actor, session: number): Promise<SessionReport> {
  const { rng } = actor;
  const defect = rng.pick(env.defects);
  const handles: LockHandle[] = [];
  let baseStamp = -1;
  const api = recordingApi(actor.project, {
    handles,
    onUpdate: (id, changes) => env.ledger.attempt({ session, user: actor.user, defect: id, values: { ...changes }, started: Date.now(), baseStamp }),
  });
  const c = new DefectController({ api, key: { server: 'soak', domain: 'DEFAULT', project: 'Demo', id: defect }, user: actor.user });
  const told: NoticeView[] = [];
  c.onDidChange((change) => {
    const n = change === 'status' ? c.status().notice : undefined;
    if (n && n.kind !== 'info') told.push(n);
  });
  const timed = async <T>(label: string, p: Promise<T>): Promise<T> => {
    const timer = setTimeout(() => env.hung.push(`session ${session} ${label} on defect ${defect}: no answer after ${env.hungAfterMs} ms`), env.hungAfterMs);
    try {
      return await p;
    } finally {
      clearTimeout(timer);
    }
  };

  await timed('load', c.load());
  if (c.lockPhase === 'error') {
    // A person reads the error before trying again (and does not burn sessions while the server restarts).
    await sleep(rng.int(300, 1000));
    return { ending: 'load-failed', handles, clean: true };
  }
  for (let tries = 0; c.lockPhase !== 'editing' && tries < 3; tries++) {
    if (tries) await sleep(rng.int(50, 300));
    await timed('edit', c.edit());
  }
  if (c.lockPhase !== 'editing') {
    await sleep(rng.int(300, 1000));
    await timed('close', c.dispose());
    return { ending: 'not-locked', handles, clean: true };
  }

  const typed = new Map<string, WireValue>();
  const kinds = ['text', 'list', 'memo', 'comment'] as const;
  const fields = c.init().fields;
  for (let n = rng.int(1, 3); n > 0; n--) {
    const kind = rng.pick(kinds);
    const token = env.ledger.token(session);
    if (kind === 'text') c.setField('name', `Soak edit ${token}`);
    else if (kind === 'memo') c.setField('description', `<html><body>\n<p>Soak memo ${token}</p>\n<p>second paragraph</p>\n</body></html>`);
    else if (kind === 'comment') c.addComment(`soak comment ${token}`);
    else {
      const list = rng.pick(['severity', 'priority'].map((f) => fields.find((v) => v.name === f)).filter((v) => v?.options?.length));
      if (list?.options) c.setField(list.name, rng.pick(list.options).value);
    }
    // What the user wants is the edit set now (typing a field back to the server's value undoes its edit).
    typed.clear();
    for (const f of c.dirty) typed.set(f, c.value(f) ?? null);
    await sleep(rng.int(5, 60));
  }

  const ending = rng.pick(ENDINGS);
  const outcomes: SaveOutcome[] = [];
  const save = async (close: boolean): Promise<void> => {
    baseStamp = c.snapshot().baseVerStamp ?? -1;
    let outcome = await timed('save', c.save({ close }));
    outcomes.push(outcome);
    for (let round = 0; outcome === 'conflict' && round < 2; round++) {
      const conflict = c.status().conflict;
      if (!conflict) break;
      const choices: Record<string, ConflictChoice> = {};
      for (const row of conflict.rows) choices[row.field] = rng.chance(0.5) ? 'mine' : 'server';
      baseStamp = conflict.serverVerStamp ?? -1;
      outcome = await timed('resolve conflict', c.resolveConflict(choices, { close }));
      outcomes.push(outcome);
    }
  };

  let clean = true;
  switch (ending) {
    case 'save':
      await save(false);
      await timed('close', c.dispose());
      break;
    case 'save-and-close':
      await save(true);
      await timed('close', c.dispose());
      break;
    case 'cancel':
      await timed('cancel', c.cancel());
      await timed('close', c.dispose());
      break;
    case 'close-unsaved':
      // The panel asks before closing with unsaved edits; the user chose to discard them.
      await timed('close', c.dispose());
      break;
    case 'crash':
      // The panel's process died: no release, no dispose. The lock waits for the session's idle end.
      clean = false;
      break;
    case 'sign-out':
      await timed('sign-out', actor.client.signOut());
      c.checkLock();
      await timed('close', c.dispose());
      break;
    case 'expire':
      await sleep(env.sessionIdleMs + rng.int(1200, 2000));
      await save(false);
      await timed('close', c.dispose());
      break;
  }

  // Typed values must be saved (acknowledged), still in the restorable editor state, or the user told.
  const discarded = ending === 'cancel' || ending === 'close-unsaved';
  const kept = c.snapshot().edits;
  const wasTold = told.length > 0 || outcomes.some((o) => o === 'lost' || o === 'failed' || o === 'conflict' || o === 'invalid');
  for (const [field, value] of typed) {
    if (discarded || wasTold || sameWritten(kept[field], value)) continue;
    if (env.ledger.savedBy(session, defect, field, value)) continue;
    env.ledger.typedLost.push(
      `session ${session} (${actor.user}, ${ending}) on defect ${defect}: ${field} = ${JSON.stringify(value).slice(0, 80)} is neither saved nor kept, and no warning was shown`,
    );
  }
  return { ending, handles, clean };
}
