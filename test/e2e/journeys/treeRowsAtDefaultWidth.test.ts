// Journey (issue 37, also seen): a triager opens the Defects of the project in the ALM view, at the
// sidebar's default width, and scans each row's status and owner. Both are in sight, whole, in every
// row at the top: they were drawn after the summary, and a long summary pushed them past the view's
// edge. Mouse only; the page is read to check where the words are drawn (the row's spoken label
// names the status and owner).
import * as assert from 'node:assert/strict';
import { expandRow } from '../support/almTree';
import { journey } from './support/journeyContext';
import { expandJourneyProject, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const ELLIPSIS_PX = 12;

interface Drawn {
  /** The right edge of the row's label box. */
  edge: number;
  /** Each word's right edge as drawn (its first appearance in the row). */
  found: Record<string, number>;
  text: string;
}

const ROWS = '.part.sidebar [role="treeitem"][aria-level="5"]';

/** Where defect row `index` draws each word. DOM code as a string: this file is type-checked without DOM types. */
function whereDrawn(index: number, words: string[]): Promise<Drawn> {
  return journey().page.evaluate<Drawn>(`(() => {
    const row = document.querySelectorAll(${JSON.stringify(ROWS)})[${index}];
    const box = row.querySelector('.monaco-icon-label-container').getBoundingClientRect();
    const words = ${JSON.stringify(words)};
    const found = {};
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const w of words) {
        const at = n.textContent.indexOf(w);
        if (at < 0 || w in found) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + w.length);
        found[w] = range.getBoundingClientRect().right;
      }
    }
    return { edge: box.right, found, text: row.textContent };
  })()`);
}

/** "Status Open, severity 2-Medium, assigned to alice." → the status and the owner. */
function statusAndOwner(spoken: string): string[] {
  const status = /Status (.+?),/.exec(spoken)?.[1];
  const owner = /assigned to (.+?)\.$/.exec(spoken)?.[1];
  assert.ok(status && owner, `the row says its status and owner: ${spoken}`);
  return [status, owner === 'nobody' ? 'unassigned' : owner];
}

describe('journey: tree rows show the status and owner at the default sidebar width', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('draws the status and the owner of each of the first rows inside the view', async () => {
    const { page } = journey();
    await expandRow(await expandJourneyProject());
    const rows = page.locator(ROWS);
    await eventually('five defect rows', async () => (await rows.count()) >= 5, 60_000);
    const sidebar = await page.locator('.part.sidebar').boundingBox();
    for (let i = 0; i < 5; i++) {
      const row = rows.nth(i);
      const words = statusAndOwner((await row.getAttribute('aria-label')) ?? '');
      // Where each word is drawn, against the right edge of the row's label box (which clips it, the
      // last few pixels given to an ellipsis).
      const drawn = await whereDrawn(i, words);
      for (const w of words) {
        assert.ok(drawn.found[w] !== undefined, `row ${i} shows "${w}": ${drawn.text}`);
        assert.ok(
          drawn.found[w] <= drawn.edge - ELLIPSIS_PX,
          `row ${i}: "${w}" ends at ${drawn.found[w]} px, past the label's edge at ${drawn.edge} px (sidebar ${sidebar?.width} px wide): ${drawn.text}`,
        );
      }
    }
  });
});
