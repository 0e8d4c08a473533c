// A stored memo of any shape turns into text, and takes a comment, in linear time (issue 38): unclosed openings (`<a`, `<li`,
// `<b`, `<!--`, `<script` repeated) used to make the regular expressions look for a tag's end from
// every one of them, minutes for 1 MB on the extension host's thread. The work is checked without
// timing it: 1 MB of each shape runs in a worker that is stopped after a bound a hundred times what
// the linear pass needs on a loaded machine (the old code needed hours for the same input).
import { strict as assert } from 'node:assert';
import { Worker } from 'node:worker_threads';
import { memoToMarkdown, memoToText } from '../../../src/defects/memo';

const MB = 1 << 20;
/** Shapes a hostile or careless writer can store; each repeated to the memo's size. */
const SHAPES = ['<a', '<li', '<b', '<!--', '<script', '<a title="', '<a></x>', '<head>x', '<object', '</b', '&#x', '<b>x</b>', '<body', '<html', '<li>x\n', '\u2003', 'x\u2003\f', '\n\u2003'];
const BOUND_MS = 60_000;

const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

type RegExpMethod = typeof Symbol.replace | typeof Symbol.split | typeof Symbol.match | typeof Symbol.matchAll | typeof Symbol.search | 'test';
const REGEXP_METHODS: RegExpMethod[] = [Symbol.replace, Symbol.split, Symbol.match, Symbol.matchAll, Symbol.search, 'test'];

/** How many times `work` runs a regular expression over a string (each call one pass over what it is given). */
function regexpPasses(work: () => void): number {
  const proto = RegExp.prototype as unknown as Record<RegExpMethod, (this: RegExp, ...args: unknown[]) => unknown>;
  const originals = REGEXP_METHODS.map((m) => [m, proto[m]] as const);
  let passes = 0;
  for (const [m, original] of originals) {
    proto[m] = function (this: RegExp, ...args: unknown[]) {
      passes++;
      return original.apply(this, args);
    };
  }
  try {
    work();
  } finally {
    for (const [m, original] of originals) proto[m] = original;
  }
  return passes;
}

/** Converts every memo in a worker; the number of memos it finished, or 'stopped' past the bound. */
function convertInWorker(memos: string[]): Promise<number | 'stopped'> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     require('tsx/cjs');
     const { memoToText, memoToMarkdown } = require(workerData.memo);
     const { appendComment } = require(workerData.comments);
     let done = 0;
     for (const html of workerData.memos) {
       memoToText(html);
       memoToMarkdown(html);
       appendComment(html, 'alice', new Date(0), 'a comment');
       done++;
     }
     parentPort.postMessage(done);`,
    { eval: true, workerData: { memo: require.resolve('../../../src/defects/memo'), comments: require.resolve('../../../src/defects/comments'), memos } },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void worker.terminate().then(() => resolve('stopped')), BOUND_MS);
    worker.once('message', (n: number) => {
      clearTimeout(timer);
      void worker.terminate().then(() => resolve(n));
    });
    worker.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

describe('defects/memo: hostile memos', () => {
  it('converts 1 MB of every hostile shape (text, Markdown, a comment appended) well within a bound far above linear work', async function () {
    this.timeout(BOUND_MS + 30_000);
    // A bold word with a megabyte of wide spaces (which no step collapses) inside its pair: its Markdown
    // read the rest of the run from each space (40,000 of them: 2 s; 1 MB: minutes).
    const memos = [...SHAPES.map((unit) => fill(unit, MB)), `<b>a${fill('\u2003', MB)}b</b>`];
    assert.equal(await convertInWorker(memos), memos.length);
  });

  // The line, entity and Markdown steps each read the whole text once: a step per line, per bold mark or per
  // text between tags made a memo of many short lines cost many times its length (a bold-pairs memo
  // of 1 MB took 261 ms on a loaded machine). Counted, not timed: the passes do not grow with the memo.
  for (const [shape, unit] of Object.entries({
    lines: 'line <b>bold</b> # 1. - x &amp; *y*\n',
    'list items': '<li>item &lt;b&gt; <b>x</b></li>\n',
    'bold pairs': '<b>x</b> ',
    blocks: '<div>  a&nbsp; </div>\r\n<p></p>',
  })) {
    it(`reads a memo of ${shape} in as many regular-expression passes for 10 of them as for 1,000`, () => {
      for (const convert of [memoToText, memoToMarkdown]) {
        const few = regexpPasses(() => convert(unit.repeat(10)));
        const many = regexpPasses(() => convert(unit.repeat(1000)));
        assert.equal(many, few, `${convert.name}: ${few} passes for 10, ${many} for 1,000`);
      }
    });
  }

  it('drops what an unclosed opening starts, as a browser does, and keeps the words before it', () => {
    assert.equal(memoToText(`words ${fill('<a', 1000)}`), 'words');
    assert.equal(memoToText(`words <!-- ${fill('<li', 1000)}`), 'words');
    assert.equal(memoToText(`words <script>${fill('<b>alert(1)', 1000)}`), 'words');
    assert.equal(memoToText(`<p>words</p><a title="${fill('<li>x', 1000)}`), 'words');
  });

  it('keeps the text of an element dropped with its content when it never closes, as before', () => {
    assert.equal(memoToText('<html><head><body><p>still here</p></body></html>'), 'still here');
    assert.equal(memoToText('<object>fallback <b>text</b>'), 'fallback text');
    assert.equal(memoToText('<head><title>t</title></head><p>a</p><head>b</head><p>c</p>'), 'a\nc');
  });

  it('reads close tags that were never opened and bold marks in any number', () => {
    assert.equal(memoToText('<a></x>'.repeat(2000)), '');
    assert.equal(memoToMarkdown('<b>x</b> y '.repeat(1000)), Array(1000).fill('**x** y').join(' '));
    assert.equal(memoToMarkdown(`a${fill('<b>', 3000)}b`), 'ab');
  });
});
