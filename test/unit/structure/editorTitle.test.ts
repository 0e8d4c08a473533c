// The defect editor's title bar offers only what applies to the form shown (issue 37.9): a New
// Defect form, not created yet, has nothing to clone and no defect to start work on, so those
// actions are hidden while the context key the editor sets for an unsaved form is true.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const KEY = 'almDefects.unsavedDefectActive';

describe('structure: the defect editor title bar', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command?: string; when?: string }[]> } };
  const onDefectEditor = manifest.contributes.menus['editor/title'].filter((m) => m.when?.includes("activeWebviewPanelId == 'almDefects.defect'"));

  it('hides Clone and Start Work while a New Defect form is the active editor', () => {
    for (const command of ['almDefects.cloneDefect', 'almDefects.startWork']) {
      const entry = onDefectEditor.find((m) => m.command === command);
      assert.ok(entry, `${command} is on the defect editor's title bar`);
      assert.match(entry.when ?? '', new RegExp(`!${KEY.replace('.', '\\.')}\\b`), `${command} is hidden for an unsaved form`);
    }
  });

  it('reads a context key the editor sets', () => {
    const source = fs.readFileSync(path.join(ROOT, 'src/editor/registerDefectEditor.ts'), 'utf8');
    assert.ok(source.includes(`'${KEY}'`), 'registerDefectEditor sets the key');
  });
});
