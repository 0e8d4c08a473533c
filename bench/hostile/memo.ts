// Memo text of hostile shapes (issue 38 item 1): what memoToText (the one HTML→text) and
// memoToMarkdown take for 64 KB, 256 KB and 1 MB of each shape, beside two baselines measured in
// the same run, round by round (so a machine loaded by others slows both alike):
//  - scan: reading the same number of bytes of plain text once — a UTF-8 copy there and back, split
//    into lines, each trimmed, joined — the least any text conversion does;
//  - plain: a plain memo of the same size converted the same way.
// Goals: 1 MB of any shape in < 100 ms on an idle machine, shown as the time and as its ratio to
// the scan (the ratio carries over to a loaded machine; the time does not); no shape costs more
// than GOAL_RATIO × the plain memo (the exit code); and the cost per MB does not grow with the size
// (linear: the old regular expressions took minutes for 1 MB, 36 s for 256 KB), shown per size.
import { loadavg } from 'node:os';
import { memoToMarkdown, memoToText } from '../../src/defects/memo';
import { median, now } from '../client/measure';

const PLAIN = '<div><font face="Arial">Steps: open the &quot;Orders&quot; page, <b>click</b> Save &amp; wait.</font></div>\n';
const PLAIN_TEXT = 'Steps: open the "Orders" page, click Save & wait.\n';
/** The shapes the issue lists (openings that never close), and close tags never opened, open quotes, entity junk. */
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
  // Many short lines: every step that worked line by line (or mark by mark) cost a multiple of the length.
  'lines of bold': '<b>x\n',
  'list items': '<li>x',
  entities: '&#32;',
  'wide spaces': 'x\u2003\n\u2003',
};
const ROUNDS = 7;
const GOAL_RATIO = 2;
const GOAL_MS_PER_MB = 100;

const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

function timed(work: () => unknown): number {
  const t = now();
  work();
  return now() - t;
}

function scan(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim())
    .join('\n');
}

interface Figures {
  /** Median times in ms. */
  scan: number;
  text: number;
  markdown: number;
  /** Median of each round's (text + Markdown) / (plain memo's text + Markdown). */
  toPlain: number;
  /** Median of each round's text time / scan time. */
  textToScan: number;
}

/** Each round times the scan, the plain memo and the shape one after the other; ratios are taken per round. */
function measure(html: string, plainHtml: string, plainText: string): Figures {
  const f = { scan: [] as number[], text: [] as number[], markdown: [] as number[], toPlain: [] as number[], textToScan: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    const s = timed(() => scan(plainText));
    const plain = timed(() => memoToText(plainHtml)) + timed(() => memoToMarkdown(plainHtml));
    const text = timed(() => memoToText(html));
    const markdown = timed(() => memoToMarkdown(html));
    f.scan.push(s);
    f.text.push(text);
    f.markdown.push(markdown);
    f.toPlain.push((text + markdown) / plain);
    f.textToScan.push(text / s);
  }
  return { scan: median(f.scan), text: median(f.text), markdown: median(f.markdown), toPlain: median(f.toPlain), textToScan: median(f.textToScan) };
}

/** Prints one table per size; returns false when a shape costs more than GOAL_RATIO × the plain memo. */
export function benchMemoText(sizesKb: readonly number[]): boolean {
  let met = true;
  console.log(`\nMemo text, median of ${ROUNDS} rounds (load average ${loadavg()[0].toFixed(1)}): each shape beside a scan of as much plain text and a plain memo`);
  console.log(`  goals: 1 MB in < ${GOAL_MS_PER_MB} ms on an idle machine; ≤ ${GOAL_RATIO}× the plain memo; ms per MB not growing with the size`);
  for (const kb of sizesKb) {
    const size = kb * 1024;
    const plainHtml = fill(PLAIN, size);
    const plainText = fill(PLAIN_TEXT, size);
    const base = measure(plainHtml, plainHtml, plainText);
    console.log(`  ${kb} KB: scan ${base.scan.toFixed(1)} ms; plain memo: text ${base.text.toFixed(1)} ms (${base.textToScan.toFixed(1)}× scan), Markdown ${base.markdown.toFixed(1)} ms`);
    for (const [name, unit] of Object.entries(SHAPES)) {
      const m = measure(fill(unit, size), plainHtml, plainText);
      const perMb = ((m.text + m.markdown) * 1024) / kb;
      const misses = m.toPlain > GOAL_RATIO ? `✗ > ${GOAL_RATIO}× plain` : '';
      if (misses) met = false;
      console.log(
        `    ${name.padEnd(18)} text ${m.text.toFixed(1).padStart(7)} ms (${m.textToScan.toFixed(1).padStart(5)}× scan)  Markdown ${m.markdown.toFixed(1).padStart(7)} ms  ${m.toPlain.toFixed(2).padStart(5)}× plain  ${perMb.toFixed(0).padStart(5)} ms/MB ${misses}`,
      );
    }
  }
  return met;
}
