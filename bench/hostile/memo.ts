// Memo text of hostile shapes (issue 38 item 1): the time memoToText and memoToMarkdown take for
// 64 KB, 256 KB and 1 MB of each shape, as a ratio to a plain memo of the same size converted in
// the same run. Goals: no shape costs more than twice the plain memo (linear work: the old regular
// expressions took minutes for 1 MB), and 1 MB of any shape in < 100 ms on an idle machine (shown,
// not judged: on a shared, loaded machine absolute times say little).
import { memoToMarkdown, memoToText } from '../../src/defects/memo';
import { median, now } from '../client/measure';

const PLAIN = '<div><font face="Arial">Steps: open the &quot;Orders&quot; page, <b>click</b> Save &amp; wait.</font></div>\n';
/** Openings that never close, close tags never opened, attribute quotes never closed, entity junk. */
const SHAPES: Record<string, string> = {
  'unclosed <a': '<a',
  'unclosed <li': '<li',
  'unclosed <b': '<b',
  'unclosed <!--': '<!--',
  'unclosed <script': '<script',
  'open quote': '<a title="',
  'stray </x>': '<a></x>',
  'unclosed <head>': '<head>x',
  'bold pairs': '<b>x</b> ',
  'entity junk': '&#x&amp',
};
const ROUNDS = 5;
const GOAL_RATIO = 2;

const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

function timeOf(html: string): number {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = now();
    memoToText(html);
    memoToMarkdown(html);
    samples.push(now() - t);
  }
  return median(samples);
}

/** Prints one table per size; returns false when a shape cost more than GOAL_RATIO × the plain memo. */
export function benchMemoText(sizesKb: readonly number[]): boolean {
  let met = true;
  console.log(`\nMemo text (text + Markdown, median of ${ROUNDS}), hostile shape vs a plain memo of the same size`);
  for (const kb of sizesKb) {
    const size = kb * 1024;
    const baseline = timeOf(fill(PLAIN, size));
    console.log(`  ${kb} KB: plain memo ${baseline.toFixed(1)} ms`);
    for (const [name, unit] of Object.entries(SHAPES)) {
      const ms = timeOf(fill(unit, size));
      const goal = ms > GOAL_RATIO * baseline ? `  ✗ goal ≤ ${GOAL_RATIO}× plain` : '';
      if (goal) met = false;
      console.log(`    ${name.padEnd(18)} ${ms.toFixed(1).padStart(8)} ms  ${(ms / baseline).toFixed(2).padStart(6)}× plain${goal}`);
    }
  }
  return met;
}
