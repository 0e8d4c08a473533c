// What the soak's users did and were told, and the checks over it. Every value a user types
// carries a unique token, so the audit can tell which write a stored value came from.
//   - acknowledged edits lost: the last save the client reported done for a field is what the
//     server has, unless a later write was attempted on that field;
//   - silent overwrites: a save acknowledged at ver-stamp N over a base at ver-stamp B while
//     another user's acknowledged write to one of its fields landed in between (B < s < N);
//   - edits typed and lost without being told: at the end of a session every typed value was
//     saved, is still in the editor's restorable state, or the user saw a warning or error.
import type { WireValue } from '../../src/shared/editorProtocol';

export interface WriteAttempt {
  session: number;
  user: string;
  defect: number;
  /** Field → the value sent (its token identifies it). */
  values: Record<string, WireValue>;
  started: number;
  /** The ver-stamp the user's edits were made against (-1 when unknown). */
  baseStamp: number;
  /** Set when the client reported the save done: the defect's ver-stamp after it. */
  acked?: { stamp: number };
}

/** The part of a value that identifies the write it came from (the newest token in it). */
export function tokenOf(value: WireValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const all = value.match(/\bsk\d+x\d+\b/g);
  return all ? all[all.length - 1] : undefined;
}

export function sameWritten(stored: WireValue | undefined, written: WireValue | undefined): boolean {
  const t = tokenOf(written);
  if (t !== undefined) return typeof stored === 'string' && stored.includes(t);
  return JSON.stringify(stored ?? null) === JSON.stringify(written ?? null);
}

export class Ledger {
  readonly attempts: WriteAttempt[] = [];
  readonly typedLost: string[] = [];
  readonly silentOverwrites: string[] = [];
  readonly acknowledgedLost: string[] = [];
  private tokens = 0;

  /** A fresh token for a value session `session` types. */
  token(session: number): string {
    return `sk${session}x${++this.tokens}`;
  }

  attempt(a: WriteAttempt): WriteAttempt {
    this.attempts.push(a);
    return a;
  }

  /** Checks an acknowledged save against the other acknowledged writes on the same defect. */
  checkOverwrite(a: WriteAttempt): void {
    if (!a.acked || a.baseStamp < 0) return;
    const { baseStamp } = a;
    const { stamp } = a.acked;
    for (const other of this.attempts) {
      if (other === a || other.session === a.session || other.defect !== a.defect || !other.acked) continue;
      const s = other.acked.stamp;
      if (s <= baseStamp || s >= stamp) continue;
      // A write of the same value replaced nothing (the conflict check rightly skips it too).
      const shared = Object.keys(a.values).filter((f) => Object.hasOwn(other.values, f) && !sameWritten(other.values[f], a.values[f]));
      if (shared.length) {
        this.silentOverwrites.push(
          `defect ${a.defect}: session ${a.session} (${a.user}) saved ${shared.join(', ')} at ver-stamp ${stamp} over base ${baseStamp}, ` +
            `replacing session ${other.session}'s (${other.user}) save at ${s} without a conflict`,
        );
      }
    }
  }

  checkAllOverwrites(): void {
    for (const a of this.attempts) this.checkOverwrite(a);
  }

  /** The final audit: `stored(defect)` is what the server has now. */
  checkAcknowledged(stored: Map<number, Record<string, WireValue>>): void {
    const byField = new Map<string, WriteAttempt[]>();
    for (const a of this.attempts) {
      for (const f of Object.keys(a.values)) {
        const key = `${a.defect}|${f}`;
        byField.set(key, [...(byField.get(key) ?? []), a]);
      }
    }
    for (const [key, writes] of byField) {
      const [defectText, field] = key.split('|') as [string, string];
      const acked = writes.filter((w) => w.acked).sort((x, y) => (x.acked?.stamp ?? 0) - (y.acked?.stamp ?? 0));
      const last = acked[acked.length - 1];
      if (!last) continue;
      // Writes not acknowledged may still have landed (a reset after the server saw them); one
      // started after the last acknowledged one may legitimately be what is stored.
      const candidates = [last, ...writes.filter((w) => !w.acked && w.started >= last.started)];
      const now = stored.get(Number(defectText))?.[field];
      if (!candidates.some((c) => sameWritten(now, c.values[field]))) {
        this.acknowledgedLost.push(
          `defect ${defectText} ${field}: session ${last.session} (${last.user}) saved ${tokenOf(last.values[field]) ?? JSON.stringify(last.values[field])} ` +
            `(ver-stamp ${last.acked?.stamp}); the server has ${tokenOf(now) ?? JSON.stringify(now).slice(0, 80)}`,
        );
      }
    }
  }

  /** Whether session `session` had `value` of `field` acknowledged as saved. */
  savedBy(session: number, defect: number, field: string, value: WireValue): boolean {
    return this.attempts.some((a) => a.session === session && a.defect === defect && a.acked && sameWritten(a.values[field], value));
  }
}
