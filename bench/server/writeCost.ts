// What the count triggers cost a write, on the seeded database itself (its indexes as large as
// they are at this size): a bulk insert of 2,000 defects and a bulk update of 2,000 defects'
// status and owner, each in a transaction rolled back afterwards, so the data stays as seeded.
// The rounds alternate between no count triggers, the per-value ones (schema 5) and those plus the
// per-pair ones (schema 7; dropped inside the transaction, so the rollback brings them back), and
// the ratios compare medians of the same run.
import type { ProjectStore } from '../../server/src/store/project';
import { ms, summarize } from './stats';

const ROWS = 2000;
const ROUNDS = 6;
const STATUSES = ['New', 'Open', 'Fixed', 'Closed', 'Reopen', 'Rejected'];
const USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];

type Mode = 'no count triggers' | 'per-value counts (schema 5)' | 'per-value + per-pair counts (schema 7)';
const MODES: readonly Mode[] = ['no count triggers', 'per-value counts (schema 5)', 'per-value + per-pair counts (schema 7)'];

/** The triggers a mode goes without. */
function dropped(store: ProjectStore, mode: Mode): string[] {
  const triggers = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'defects'").pluck().all() as string[];
  if (mode === 'no count triggers') return triggers.filter((t) => t.startsWith('defect_counts') || t.startsWith('defect_pair_counts'));
  if (mode === 'per-value counts (schema 5)') return triggers.filter((t) => t.startsWith('defect_pair_counts'));
  return [];
}

/** Milliseconds of a synchronous call. */
function timed(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function measureWriteCost(store: ProjectStore): void {
  const maxId = store.db.prepare('SELECT MAX("id") FROM defects').pluck().get() as number;
  const inserts: Record<Mode, number[]> = { 'no count triggers': [], 'per-value counts (schema 5)': [], 'per-value + per-pair counts (schema 7)': [] };
  const updates: Record<Mode, number[]> = { 'no count triggers': [], 'per-value counts (schema 5)': [], 'per-value + per-pair counts (schema 7)': [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another mode, so a mode gains nothing from coming after another.
    for (const mode of [...MODES.slice(round % MODES.length), ...MODES.slice(0, round % MODES.length)]) {
      store.db.exec('BEGIN');
      try {
        for (const name of dropped(store, mode)) store.db.exec(`DROP TRIGGER "${name}"`);
        // Straight in the open transaction, as a route's writes run in theirs: through the store's
        // nested transaction each statement would also keep a statement journal for its savepoint.
        const insert = store.db.prepare(
          'INSERT INTO defects ("name", "status", "severity", "priority", "owner", "detected-by", "creation-time", "last-modified", "ver-stamp") VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)',
        );
        inserts[mode].push(
          timed(() => {
            for (let i = 0; i < ROWS; i++) {
              insert.run(
                `write cost ${round}.${i}`,
                STATUSES[i % STATUSES.length],
                '2-Medium',
                '3-High',
                USERS[i % USERS.length],
                USERS[(i + 1) % USERS.length],
                '2026-11-25',
                `2026-11-25 10:00:${String(i % 60).padStart(2, '0')}`,
              );
            }
          }),
        );
        // Spread over the table, each changing both fields of the owner × status pair.
        const step = Math.floor(maxId / ROWS);
        updates[mode].push(
          timed(() => {
            for (let i = 0; i < ROWS; i++) store.updateDefect(1 + i * step, { status: STATUSES[(i + round) % STATUSES.length], owner: USERS[(i + round + 1) % USERS.length] });
          }),
        );
      } finally {
        store.db.exec('ROLLBACK');
      }
    }
  }
  console.log(`write cost of the count triggers at this size (${ROWS.toLocaleString('en-US')} rows per bulk write, median of ${ROUNDS}, rolled back):`);
  const base = { insert: summarize(inserts['per-value counts (schema 5)']).p50, update: summarize(updates['per-value counts (schema 5)']).p50 };
  // The fastest round too: on a shared machine it is the one least disturbed by others.
  const least = { insert: Math.min(...inserts['per-value counts (schema 5)']), update: Math.min(...updates['per-value counts (schema 5)']) };
  for (const mode of MODES) {
    const [i, u] = [summarize(inserts[mode]).p50, summarize(updates[mode]).p50];
    const [li, lu] = [Math.min(...inserts[mode]), Math.min(...updates[mode])];
    console.log(
      `  ${mode.padEnd(34)} insert ${ms(i)} (${(i / base.insert).toFixed(2)}x per-value; fastest ${(li / least.insert).toFixed(2)}x)   update ${ms(u)} (${(u / base.update).toFixed(2)}x per-value; fastest ${(lu / least.update).toFixed(2)}x)`,
    );
  }
}
