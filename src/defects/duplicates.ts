// Likely duplicates of a defect being written: the significant words of its summary, the one query
// that finds defects whose summaries contain any of them, and the ranking of what it answers (the
// most shared words first, open defects before closed ones, at most five). No `vscode` import.
import { either, like } from '../api/clauses';
import type { Filter } from '../api/clauses';

/** How many likely duplicates the form shows. */
const MAX_DUPLICATES = 5;
/** Words a query asks for at most (the longest ones: they say the most). */
const MAX_QUERY_WORDS = 5;
/** Rows one query reads at most; ranking picks from these. */
export const DUPLICATE_QUERY_ROWS = 50;

// Words that say nothing about which defect it is (English; ALM summaries are mostly written in it).
const STOP_WORDS = new Set(
  'the and for with not but are was were has have had can cannot could should would will when then than that this these those from into onto out off over under after before while does did doing done get gets got its too very all any some one two via per there their what which who why how wrong error issue problem bug defect fails failed failing fail work works working does doesnt dont isnt wont'.split(
    ' ',
  ),
);

/** The summary's significant words: lower-case letters and digits, three or more long, not stop words, the longest first. */
export function significantWords(summary: string): string[] {
  const words = (summary.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
  return [...new Set(words)].sort((a, b) => b.length - a.length || a.localeCompare(b)).slice(0, MAX_QUERY_WORDS);
}

/** The query's filter: a summary containing any of the words. */
export function duplicateFilter(words: readonly string[]): Filter {
  return { name: either(...words.map((w) => like(`*${w}*`))) };
}

export interface DuplicateCandidate {
  readonly id: number;
  readonly name: string;
  readonly status: string;
}

/** Statuses of defects that are done with (listed after open ones). */
const CLOSED_STATUSES = new Set(['closed', 'rejected', 'fixed', 'duplicate', 'cancelled', 'canceled', 'resolved', 'done']);

function isClosedStatus(status: string): boolean {
  return CLOSED_STATUSES.has(status.trim().toLowerCase());
}

/**
 * The likely duplicates among `candidates`: those whose summaries share at least two of the words
 * (one when the summary has only one), open ones first, then by shared words, then the newest.
 */
export function rankDuplicates(candidates: readonly DuplicateCandidate[], words: readonly string[]): DuplicateCandidate[] {
  if (words.length === 0) return [];
  const needed = Math.min(2, words.length);
  const scored = candidates
    .map((c) => {
      const theirs = new Set(c.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
      return { c, shared: words.filter((w) => theirs.has(w)).length, closed: isClosedStatus(c.status) };
    })
    .filter((s) => s.shared >= needed);
  scored.sort((a, b) => Number(a.closed) - Number(b.closed) || b.shared - a.shared || b.c.id - a.c.id);
  return scored.slice(0, MAX_DUPLICATES).map((s) => s.c);
}
