// A memo shown a slice at a time (webview/editor/memoSlices.ts, issue 38) shows exactly what the
// whole memo sanitized at once showed: in real Chromium, the page's own sanitizer and slicer
// (bundled from the webview's sources) give the same DOM for every hostile vector, every memo
// with swallowed text, the bench's shapes, and each of those inside long lists, tables and blocks
// (where the slicer sanitizes a container's tags apart from its children) — one step per slice,
// shown slice by slice or kept aside until the end (after a slow frame).
import * as assert from 'node:assert/strict';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import memoTextVectors from '../fixtures/memo-text-vectors.json';
import xssVectors from '../fixtures/xss-vectors.json';
import { memoShapes } from '../../../bench/memoEditor/shapes';
import { ui } from './context';

/** The page's sanitizer both ways, as the editor bundles them (only the test's page gets this). */
const ENTRY = `
import { disclosuresAsBlocks } from './webview/editor/disclosures';
import { MemoSlices } from './webview/editor/memoSlices';
import { cleanMemoHtml, inertHolder, sanitizeMemo, storedHtmlOfClean } from './webview/editor/sanitize';
const busy = (ms) => { for (const end = performance.now() + ms; performance.now() < end; ); };
window.memoBothWays = (html, slowFrame) => {
  const whole = document.createElement('div');
  whole.append(disclosuresAsBlocks(sanitizeMemo(html)));
  // In the page: what was kept aside goes in a step at a time there.
  const sliced = document.body.appendChild(document.createElement('div'));
  const slices = new MemoSlices(html, sliced);
  let count = 0;
  // One step a slice (a deadline already passed); a slow frame after the first screen keeps the rest aside.
  while (slices.slice(0)) if (count++ === 1 && slowFrame) busy(50);
  // The source view's text cleaned for storing, at once and a slice at a time (no editable blocks there).
  const holder = inertHolder();
  const cleaning = new MemoSlices(html, holder, false);
  while (cleaning.slice(0));
  sliced.remove();
  return { whole: whole.innerHTML, sliced: sliced.innerHTML, slices: count, cleanWhole: cleanMemoHtml(html), cleanSliced: storedHtmlOfClean(holder) };
};
`;

interface Compared {
  whole: string;
  sliced: string;
  slices: number;
  cleanWhole: string;
  cleanSliced: string;
}

const memo = (body: string) => `<html><body>\n${body}\n</body></html>`;
const times = (n: number, part: (i: number) => string) => Array.from({ length: n }, (_, i) => part(i)).join('\n');

/** Each vector alone, and inside the containers the slicer splits: a long list, a table's rows and cells, a block. */
function memos(): { name: string; html: string }[] {
  const vectors = [...xssVectors, ...memoTextVectors].map((v) => ({ name: v.name, body: v.html }));
  const out: { name: string; html: string }[] = [];
  for (const { name, body } of vectors) {
    out.push({ name, html: memo(body) });
    out.push({ name: `${name} in a long list`, html: memo(`<ul>${times(20, (i) => `<li>item ${i} ${i === 10 ? body : ''}</li>`)}</ul><p>after</p>`) });
    out.push({ name: `${name} in a long table`, html: memo(`<table border="1"><tbody>${times(20, (i) => `<tr><td>${i}</td><td>${i === 7 ? body : 'cell'}</td></tr>`)}</tbody></table><p>after</p>`) });
    out.push({ name: `${name} in a block of many`, html: memo(`<div style="color: red">${times(20, (i) => `<p>p ${i}</p>${i === 3 ? body : ''}`)}</div>`) });
  }
  for (const [name, body] of Object.entries(memoShapes(96 * 1024))) out.push({ name, html: memo(body) });
  out.push({ name: 'leading white space, no document', html: `  \n <p>a</p>${times(40, (i) => `<b>b${i}</b>`)}` });
  out.push({ name: 'details in a long list', html: memo(`<ol>${times(30, (i) => `<li><details ${i % 2 ? 'open' : ''}><summary>s${i}</summary>d${i}</details></li>`)}</ol>`) });
  return out;
}

describe('ui: a memo shown a slice at a time shows what the whole memo showed (issue 38)', function () {
  this.timeout(300_000);
  let page: Page | undefined;

  before(async () => {
    const bundle = await build({ stdin: { contents: ENTRY, resolveDir: ui().repoRoot, loader: 'js' }, bundle: true, write: false, format: 'iife', platform: 'browser' });
    page = await ui().page.context().newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
  });

  after(async () => {
    await page?.close();
  });

  for (const slowFrame of [false, true]) {
    it(`gives the DOM of the whole memo sanitized at once, ${slowFrame ? 'the rest kept aside after a slow frame' : 'shown slice by slice'}`, async () => {
      const all = memos();
      let sliced = 0;
      const p = page;
      assert.ok(p);
      for (const { name, html } of all) {
        const result: Compared = await p.evaluate(([h, slow]) => (globalThis as unknown as { memoBothWays(h: string, s: boolean): Compared }).memoBothWays(h, slow), [html, slowFrame] as const);
        assert.equal(result.sliced, result.whole, name);
        assert.equal(result.cleanSliced, result.cleanWhole, `${name}, cleaned for storing`);
        if (result.slices > 2) sliced++;
      }
      // The comparison is worth something only where the memo was really cut up.
      assert.ok(sliced >= all.length / 2, `only ${sliced} of ${all.length} memos took more than two slices`);
    });
  }
});
