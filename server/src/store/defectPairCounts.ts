// Per-pair defect counts kept by triggers, beside the per-value ones (defectCounts.ts): a row per
// (field A, value A, field B, value B) for the pairs of fields the tree combines — "my open
// defects" (owner and status), "reported by me, not closed" (detected-by and status), a status
// filter grouped by severity or by owner, My Defects grouped by severity. Right after a write a
// kept COUNT(*) is gone, and `{owner[alice];status[<>Closed]}` took 67-164 ms at a million
// defects; from these rows it is a lookup. Defects with a null in either field have no row: the
// per-value counts supply those (countFromCounters).
import { lit, q } from './sqlText';

export const PAIR_TABLE = 'defect_pair_counts';

/** Pairs of fields counted per value too (their nulls are read from those counts), each written once, in this order. */
const PAIRS: readonly (readonly [string, string])[] = [
  ['owner', 'status'],
  ['detected-by', 'status'],
  ['severity', 'status'],
  ['owner', 'severity'],
];

/** The kept pair for two fields, and whether the fields come in the other order; undefined when none. */
export function countedPair(a: string, b: string): { swapped: boolean } | undefined {
  for (const [x, y] of PAIRS) {
    if (x === a && y === b) return { swapped: false };
    if (x === b && y === a) return { swapped: true };
  }
  return undefined;
}

/** Adds `delta` to the counter of the pair's values in row `row` (NEW or OLD); nulls are not counted. */
function bump([a, b]: readonly [string, string], row: 'NEW' | 'OLD', delta: 1 | -1): string {
  const [va, vb] = [`${row}.${q(a)}`, `${row}.${q(b)}`];
  return `INSERT INTO ${PAIR_TABLE} ("field-a", "field-b", "value-a", "value-b", "n") SELECT ${lit(a)}, ${lit(b)}, ${va}, ${vb}, ${delta}
      WHERE ${va} IS NOT NULL AND ${vb} IS NOT NULL
      ON CONFLICT ("field-a", "field-b", "value-a", "value-b") DO UPDATE SET "n" = "n" + ${delta};`;
}

/** The pair counter table, its triggers and its first filling (schema version 7). */
export function defectPairCountsSchema(): string[] {
  return [
    `CREATE TABLE ${PAIR_TABLE} (
      "field-a" TEXT NOT NULL,
      "field-b" TEXT NOT NULL,
      "value-a" TEXT NOT NULL,
      "value-b" TEXT NOT NULL,
      "n" INTEGER NOT NULL,
      PRIMARY KEY ("field-a", "field-b", "value-a", "value-b")
    ) WITHOUT ROWID`,
    ...countAllDefectPairs(),
    ...defectPairTriggers(),
  ];
}

/** Triggers keeping the pair counts true under every insert, delete and change of a paired field. */
function defectPairTriggers(): string[] {
  return [
    `CREATE TRIGGER defect_pair_counts_insert AFTER INSERT ON defects BEGIN
      ${PAIRS.map((p) => bump(p, 'NEW', 1)).join('\n      ')}
    END`,
    `CREATE TRIGGER defect_pair_counts_delete AFTER DELETE ON defects BEGIN
      ${PAIRS.map((p) => bump(p, 'OLD', -1)).join('\n      ')}
    END`,
    ...PAIRS.map(
      ([a, b], i) => `CREATE TRIGGER defect_pair_counts_update_${i} AFTER UPDATE OF ${q(a)}, ${q(b)} ON defects
      WHEN OLD.${q(a)} IS NOT NEW.${q(a)} OR OLD.${q(b)} IS NOT NEW.${q(b)} BEGIN
      ${bump([a, b], 'OLD', -1)}
      ${bump([a, b], 'NEW', 1)}
    END`,
    ),
  ];
}

/**
 * Fills the empty pair counters from the table (the migration, and after a bulk load without the
 * triggers) with one pass over it: the distinct combinations of every paired field (a few thousand)
 * are counted once, then summed per pair. A pass per pair read the whole table again for every
 * pair no index covers (owner × severity, detected-by × status): opening a million-defect database
 * of schema 5 took 46 s that way, 14 s this way (on a shared, loaded machine).
 */
export function countAllDefectPairs(): string[] {
  const columns = [...new Set(PAIRS.flat())].map(q).join(', ');
  return [
    `CREATE TEMP TABLE defect_pair_fill AS SELECT ${columns}, COUNT(*) AS "n" FROM defects GROUP BY ${columns}`,
    ...PAIRS.map(
      ([a, b]) => `INSERT INTO ${PAIR_TABLE} ("field-a", "field-b", "value-a", "value-b", "n")
      SELECT ${lit(a)}, ${lit(b)}, ${q(a)}, ${q(b)}, SUM("n") FROM temp.defect_pair_fill WHERE ${q(a)} IS NOT NULL AND ${q(b)} IS NOT NULL GROUP BY ${q(a)}, ${q(b)}`,
    ),
    'DROP TABLE temp.defect_pair_fill',
  ];
}
