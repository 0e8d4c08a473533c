// The New Defect page lists likely duplicates as the summary is typed: after the summary rests, the
// defects the one query found show under the header (open ones first), their server-given names as
// text, each a link the host is asked to open; typing a summary without matches clears the list.
import * as assert from 'node:assert/strict';
import type { DuplicateCandidate } from '../../../src/defects/duplicates';
import { fakeProject } from '../../support/fakeProject/project';
import { ui } from './context';
import { openEditorPage, poll } from './editorHarness';
import type { EditorPage } from './editorHarness';

const FOUND: DuplicateCandidate[] = [
  { id: 31, name: 'Checkout discount ignored', status: 'Closed' },
  { id: 32, name: 'Checkout <img src=x onerror="window.__xss=1"> discount', status: 'Open' },
];

describe('ui: likely duplicates on the New Defect page', function () {
  this.timeout(60_000);
  let editor: EditorPage | undefined;

  after(async () => {
    await editor?.close();
  });

  it('lists them after the summary rests, as text links that ask the host to open the defect', async () => {
    const queries: string[] = [];
    editor = await openEditorPage(ui().page.context(), ui().repoRoot, {
      api: fakeProject(),
      key: { server: 'Demo', domain: 'DEFAULT', project: 'Demo' },
      user: 'alice',
      findDuplicates: async (filter) => {
        queries.push(JSON.stringify(filter));
        return JSON.stringify(filter).includes('checkout') ? FOUND : [];
      },
    });
    const { page } = editor;
    await page.locator('.form .group').first().waitFor();
    const links = page.locator('.duplicates a.duplicate-link');
    const list = page.locator('.duplicates');
    assert.equal(await list.isHidden(), true, 'nothing before a summary');

    editor.controller.setField('name', 'Checkout discount wrong');
    const texts = await poll(
      () => links.allInnerTexts(),
      (t) => t.length === 2,
    );
    assert.deepEqual(texts, ['32: Checkout <img src=x onerror="window.__xss=1"> discount', '31: Checkout discount ignored'], 'open first; the name is text, not markup');
    assert.equal(await page.locator('.duplicates img').count(), 0);
    assert.equal(queries.length, 1, 'one query for the rested summary');

    await links.first().click();
    await poll(
      async () => editor?.openedDefects ?? [],
      (ids) => ids.length === 1,
    );
    assert.deepEqual(editor.openedDefects, [32]);

    editor.controller.setField('name', 'Login page slow');
    await poll(
      () => list.isHidden(),
      (hidden) => hidden,
    );
    await editor.collectPageTraps();
    assert.deepEqual(editor.traps.pageTraps, []);
  });
});
