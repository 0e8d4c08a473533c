// The defect written into the editor page's HTML (src/editor/webviewHtml.ts): the page renders it
// while its script runs, before and without any message from the host, says so in `ready` (the host
// then sends nothing it already showed), keeps hostile memo HTML sanitized on that path too, and a
// page VS Code reloads later (its state already set) waits for the host's current state instead.
import * as assert from 'node:assert/strict';
import { eventually } from '../../support/eventually';
import { EDITOR_DEFECT_KEY, projectWithEditorDefect } from './editorFixtures';
import { ui } from './context';
import { openEditorPage } from './editorHarness';
import type { EditorPage, HarnessOptions } from './editorHarness';

const HOSTILE = '<p>Steps</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script></script><script>window.__xss=3</script><!-- <p>after</p>';

async function open(extra: Partial<HarnessOptions>): Promise<EditorPage> {
  const api = projectWithEditorDefect({ name: 'Embedded </script><script>window.__xss=4</script>', description: `<html><body>${HOSTILE}</body></html>` });
  return openEditorPage(ui().page.context(), ui().repoRoot, { api, key: EDITOR_DEFECT_KEY, user: 'alice', ...extra });
}

const header = (e: EditorPage) => e.page.locator('.defect-id').textContent();

describe('ui: the editor page renders the defect embedded in its HTML', function () {
  this.timeout(60_000);
  const opened: EditorPage[] = [];
  afterEach(async () => {
    for (const e of opened.splice(0)) await e.close();
  });

  it('shows the defect with no message from the host, and tells the host it did', async () => {
    const editor = await open({ silent: true });
    opened.push(editor);
    // Nothing is ever posted to this page: what it shows came from its HTML.
    await editor.page.locator('[data-field="description"] .memo').waitFor({ timeout: 10_000 });
    assert.match((await header(editor)) ?? '', /^Defect 7 /);
    assert.equal(await editor.page.locator('h1').textContent(), 'Embedded </script><script>window.__xss=4</script>');
    assert.equal(await editor.page.evaluate('document.body.dataset.phase'), 'read-only');
    assert.equal(await editor.page.locator('#alm-state').count(), 0, 'the data block is removed once read');
    await editor.collectPageTraps();
    assert.deepEqual(editor.readies, [{ embedded: true }]);
  });

  it('sanitizes hostile memo HTML read from the embedded state, and runs nothing of it', async () => {
    const editor = await open({ silent: true });
    opened.push(editor);
    const memo = editor.page.locator('[data-field="description"] .memo');
    await memo.waitFor({ timeout: 10_000 });
    assert.equal(await memo.locator('script').count(), 0);
    assert.equal(await memo.locator('[onerror]').count(), 0);
    assert.match((await memo.textContent()) ?? '', /Steps/);
    await editor.collectPageTraps();
    assert.deepEqual(editor.traps.pageTraps, []);
    assert.deepEqual(editor.traps.cspViolations, []);
    assert.deepEqual(editor.traps.pageErrors, []);
  });

  it('a page VS Code reloads (its state already set) ignores the old embedded state and waits for the host', async () => {
    const silent = await open({ silent: true, initialState: null });
    opened.push(silent);
    // The page posts `ready` once it has decided what to show (and rendered any embedded state it took).
    await eventually('the page to say it is ready', () => silent.readies.length > 0, 10_000);
    assert.equal(await silent.page.locator('.form .group').count(), 0, 'no form built from the stale HTML');
    assert.equal(await silent.page.evaluate('document.body.dataset.phase'), 'loading');
    assert.deepEqual(silent.readies, [{ embedded: false }]);

    const talking = await open({ initialState: null });
    opened.push(talking);
    await talking.page.locator('[data-field="description"] .memo').waitFor({ timeout: 10_000 });
    assert.match((await header(talking)) ?? '', /^Defect 7 /);
  });

  it('without an embedded state the page shows the defect from the messages', async () => {
    const editor = await open({ embed: false });
    opened.push(editor);
    await editor.page.locator('[data-field="description"] .memo').waitFor({ timeout: 10_000 });
    assert.match((await header(editor)) ?? '', /^Defect 7 /);
    assert.deepEqual(editor.readies, [{ embedded: false }]);
  });
});
