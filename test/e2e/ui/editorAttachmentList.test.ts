// The editor's attachment list follows uploads made elsewhere while it is open — a report's
// `selection.txt`, a drop on the tree row, a pasted image: when the host says the defect's
// attachments changed, the page reads the list again, without being reopened or refocused.
import * as assert from 'node:assert/strict';
import type { AttachmentView } from '../../../src/shared/editorProtocol';
import { fakeProject } from '../../support/fakeProject/project';
import { KEY, seeded } from '../../unit/editor/controllerSetup';
import { ui } from './context';
import { openEditorPage, poll } from './editorHarness';
import type { EditorPage } from './editorHarness';

describe('ui: the editor page’s attachment list', function () {
  this.timeout(60_000);
  let editor: EditorPage | undefined;

  after(async () => {
    await editor?.close();
  });

  it('reads the list again when the defect’s attachments change elsewhere', async () => {
    let items: AttachmentView[] = [];
    editor = await openEditorPage(ui().page.context(), ui().repoRoot, {
      api: seeded(fakeProject()),
      key: { ...KEY, id: 7 },
      user: 'alice',
      attachments: async () => ({ items }),
    });
    const { page } = editor;
    const names = page.locator('.attachments .attachment-name');
    await poll(
      () => page.locator('.attachments .attachment-message').innerText(),
      (t) => /No attachments/.test(t),
    );
    // The report attached the whole selection to the defect just created.
    items = [{ id: 1, name: 'selection.txt', size: '24.4 KB', description: '' }];
    editor.channel.notify('imagesChanged', {});
    await poll(
      () => names.allInnerTexts(),
      (t) => t.includes('selection.txt'),
    );
    assert.equal(await page.locator('.attachments .attachment-count').innerText(), '(1)');
  });
});
