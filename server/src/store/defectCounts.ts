// Per-value defect counts kept by the database itself: a row per (field, value) of the fields the
// tree filters and groups by, and one for all defects, updated by triggers on every insert,
// delete and change of those fields, whichever connection or route writes. A total for "no
// filter", "status is Open or Reopen" or "severity is not 1-Low" is then a lookup of a few rows
// instead of COUNT(*) over up to a million index entries (80-120 ms at a million defects), and
// stays exact under writes, where a cached count has to be thrown away at the first write.
import type { CountShape, FieldShape } from '../query/index';
import { PAIR_TABLE, countedPair } from './defectPairCounts';
import type { Statement } from './sqlite';
import { lit, q } from './sqlText';

/** Text fields with few values, counted per value (filters and groups of the tree, the list fields). */
const COUNTED_FIELDS = ['status', 'severity', 'priority', 'owner', 'detected-by', 'user-01'] as const;

/** The row counting every defect. */
const ALL = ['', ''] as const;

/** Adds `delta` to the counter of (field, value) — a value of NULL is not counted. */
function bump(field: string, value: string, delta: 1 | -1): string {
  return `INSERT INTO defect_counts ("field", "value", "n") SELECT ${lit(field)}, ${value}, ${delta} WHERE ${value} IS NOT NULL
    ON CONFLICT ("field", "value") DO UPDATE SET "n" = "n" + ${delta};`;
}

/** The counter table and its triggers (schema version 5); countAllDefects() fills it. */
export function defectCountsSchema(): string[] {
  return [
    `CREATE TABLE defect_counts (
      "field" TEXT NOT NULL,
      "value" TEXT NOT NULL,
      "n" INTEGER NOT NULL,
      PRIMARY KEY ("field", "value")
    )`,
    ...defectCountTriggers(),
  ];
}

/** The triggers that keep defect_counts true; created again after a bulk load (withoutDefectIndexes). */
function defectCountTriggers(): string[] {
  const all = bump(ALL[0], lit(ALL[1]), 1);
  const remove = bump(ALL[0], lit(ALL[1]), -1);
  return [
    `CREATE TRIGGER defect_counts_insert AFTER INSERT ON defects BEGIN
      ${all}
      ${COUNTED_FIELDS.map((f) => bump(f, `NEW.${q(f)}`, 1)).join('\n      ')}
    END`,
    `CREATE TRIGGER defect_counts_delete AFTER DELETE ON defects BEGIN
      ${remove}
      ${COUNTED_FIELDS.map((f) => bump(f, `OLD.${q(f)}`, -1)).join('\n      ')}
    END`,
    ...COUNTED_FIELDS.map(
      (f, i) => `CREATE TRIGGER defect_counts_update_${i} AFTER UPDATE OF ${q(f)} ON defects WHEN OLD.${q(f)} IS NOT NEW.${q(f)} BEGIN
      ${bump(f, `OLD.${q(f)}`, -1)}
      ${bump(f, `NEW.${q(f)}`, 1)}
    END`,
    ),
  ];
}

/** Fills the empty counters from the table (the migration, and after a bulk load without the triggers). */
export function countAllDefects(): string[] {
  return [
    `INSERT INTO defect_counts ("field", "value", "n") SELECT ${lit(ALL[0])}, ${lit(ALL[1])}, COUNT(*) FROM defects`,
    ...COUNTED_FIELDS.map((f) => `INSERT INTO defect_counts ("field", "value", "n") SELECT ${lit(f)}, ${q(f)}, COUNT(*) FROM defects WHERE ${q(f)} IS NOT NULL GROUP BY ${q(f)}`),
  ];
}

/**
 * The counted fields where no defect holds the empty text (ALM keeps "no value" as null), read
 * from the counters: their `= ''` may be compiled as `IS NULL` (QueryField.emptyIsNull).
 */
export function fieldsWithoutEmptyText(statement: (sql: string) => Statement): Set<string> {
  const withEmpty = statement('SELECT "field" FROM defect_counts WHERE "value" = \'\' AND "field" <> \'\' AND "n" > 0').pluck().all() as string[];
  return new Set(COUNTED_FIELDS.filter((f) => !withEmpty.includes(f)));
}

/**
 * One field's condition as the counters see it: the non-null values it admits (`values`, or every
 * other value when `negated`) and whether it admits null.
 */
interface Side {
  field: string;
  values: string[];
  negated: boolean;
  withNull: boolean;
}

function sideOf(shape: FieldShape): Side {
  const { field, negated } = shape;
  if (shape.kind === 'values') return { field, values: shape.values, negated, withNull: false };
  // IS NULL admits no value; IS NOT NULL every value (NOT IN nothing).
  if (shape.kind === 'null') return { field, values: [], negated, withNull: !negated };
  return { field, values: [''], negated, withNull: !negated };
}

/** Every non-null value of a field. */
const anyValue = (field: string): Side => ({ field, values: [], negated: true, withNull: false });

/**
 * The number of defects matching `shape` from the counters, or undefined when the shape names a
 * field (or a pair of fields) without counters (the caller then runs COUNT(*)).
 */
export function countFromCounters(statement: (sql: string) => Statement, shape: CountShape): number | undefined {
  const counted = (field: string) => (COUNTED_FIELDS as readonly string[]).includes(field);
  const sum = (sql: string, ...params: unknown[]) =>
    statement(sql)
      .pluck()
      .get(...params) as number;
  const inList = (negated: boolean, column: string) => `${column} ${negated ? 'NOT IN' : 'IN'} (SELECT "value" FROM json_each(?))`;
  const total = () => sum('SELECT COALESCE(SUM("n"), 0) FROM defect_counts WHERE "field" = \'\' AND "value" = \'\'');
  /** Defects whose `side.field` holds a non-null value the side admits. */
  const valued = (side: Side) => sum(`SELECT COALESCE(SUM("n"), 0) FROM defect_counts WHERE "field" = ? AND ${inList(side.negated, '"value"')}`, side.field, JSON.stringify(side.values));
  const nulls = (field: string) => total() - valued(anyValue(field));
  if (shape.kind === 'all') return total();
  if (shape.kind !== 'pair') {
    if (!counted(shape.field)) return undefined;
    const side = sideOf(shape);
    return valued(side) + (side.withNull ? nulls(side.field) : 0);
  }
  const [a, b] = shape.parts.map(sideOf);
  const pair = countedPair(a.field, b.field);
  if (!pair) return undefined;
  const [first, second] = pair.swapped ? [b, a] : [a, b];
  /** Defects where both fields hold values the sides admit (the pair table has no nulls). */
  const both = (x: Side, y: Side) =>
    sum(
      `SELECT COALESCE(SUM("n"), 0) FROM ${PAIR_TABLE} WHERE "field-a" = ? AND "field-b" = ? AND ${inList(x.negated, '"value-a"')} AND ${inList(y.negated, '"value-b"')}`,
      x.field,
      y.field,
      JSON.stringify(x.values),
      JSON.stringify(y.values),
    );
  const anyFirst = anyValue(first.field);
  const anySecond = anyValue(second.field);
  let n = both(first, second);
  // The first field null, the second a value it admits: that value's defects less those with a first value.
  if (first.withNull) n += valued(second) - both(anyFirst, second);
  if (second.withNull) n += valued(first) - both(first, anySecond);
  // Both null, by inclusion and exclusion.
  if (first.withNull && second.withNull) n += total() - valued(anyFirst) - valued(anySecond) + both(anyFirst, anySecond);
  return n;
}
