// A stored memo of any shape turns into text, and takes a comment, in one pass (issue 38): unclosed openings (`<a`, `<li`,
// `<b`, `<!--`, `<script` repeated) used to make the regular expressions look for a tag's end from
// every one of them, minutes for 1 MB on the extension host's thread. The work is checked without
// timing it: 1 MB of each shape runs in a worker that is stopped after a bound a hundred times what
// the linear pass needs on a loaded machine (the old code needed hours for the same input).
import { strict as assert } from 'node:assert';
import { Worker } from 'node:worker_threads';
import { memoToMarkdown, memoToText } from '../../../src/defects/memo';

const MB = 1 << 20;
/** Shapes a hostile or careless writer can store; each repeated to the memo's size. */
const SHAPES = ['<a', '<li', '<b', '<!--', '<script', '<a title="', '<a></x>', '<head>x', '<object', '</b', '&#x', '<b>x</b>', '<body', '<html'];
const BOUND_MS = 60_000;

const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Converts every shape at `size` in a worker; the number of memos it finished, or 'stopped' past the bound. */
function convertInWorker(size: number): Promise<number | 'stopped'> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     require('tsx/cjs');
     const { memoToText, memoToMarkdown } = require(workerData.memo);
     const { appendComment } = require(workerData.comments);
     let done = 0;
     for (const unit of workerData.shapes) {
       const html = unit.repeat(Math.ceil(workerData.size / unit.length)).slice(0, workerData.size);
       memoToText(html);
       memoToMarkdown(html);
       appendComment(html, 'alice', new Date(0), 'a comment');
       done++;
     }
     parentPort.postMessage(done);`,
    { eval: true, workerData: { memo: require.resolve('../../../src/defects/memo'), comments: require.resolve('../../../src/defects/comments'), shapes: SHAPES, size } },
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
    assert.equal(await convertInWorker(MB), SHAPES.length);
  });

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
