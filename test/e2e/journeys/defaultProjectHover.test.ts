// Journey (issue 37.8): a person chose "All domains and projects" at Add Server, so no project says
// what a plain defect number belongs to. They point at `defect #12` in a source file: the hover says
// so (shown with Ctrl+K Ctrl+I) and offers Choose Default Project… (it named `almDefects.defaultProject` and offered nothing).
// A click on it, "Demo" typed into the pick and Enter write the setting, and the hover then shows the
// defect. Mouse and keyboard only; the settings file is written to set the scene (as Add Server
// leaves it) and read to check, and put back afterwards.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editSettingsFile, replaceFileAtOnce } from '../support/settingsFile';
import { journey } from './support/journeyContext';
import { answerQuickInput, closeActiveTabWithCtrlW, openFileByName, quickInput, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const FILE = 'discount.ts';

describe('journey: the hover of a plain defect number offers Choose Default Project…', function () {
  this.timeout(240_000);
  let settingsFile: string;
  let original: string;

  before(async () => {
    await signInWithApiKey();
    const { workspaceFolder } = journey();
    settingsFile = join(workspaceFolder, '.vscode', 'settings.json');
    original = readFileSync(settingsFile, 'utf8');
  });

  // Each try from the same scene: a retry after a failed try met the default project that try chose.
  beforeEach(() => {
    const { workspaceFolder } = journey();
    // As Add Server leaves a server when "All domains and projects" is chosen: no domain, no project.
    editSettingsFile(settingsFile, (settings) => {
      const servers = settings['almDefects.servers'] as Record<string, unknown>[];
      for (const server of servers) {
        delete server.domain;
        delete server.project;
      }
      delete settings['almDefects.defaultProject'];
    });
    writeFileSync(join(workspaceFolder, FILE), '// The total ignores the coupon: see defect #12.\nexport const total = 0;\n');
  });

  after(async () => {
    const { page, workspaceFolder } = journey();
    for (let i = 0; i < 3 && (await quickInput().isVisible()); i++) await page.keyboard.press('Escape');
    if (await page.locator('.tabs-container .tab', { hasText: FILE }).count()) await closeActiveTabWithCtrlW();
    if (original) replaceFileAtOnce(settingsFile, original);
    rmSync(join(workspaceFolder, FILE), { force: true });
  });

  /**
   * Shows the hover of `defect #12` until it has `text`; its text. The cursor is put into the reference
   * (a click on its line, End, two steps left) and "Show or Focus Hover" pressed (Ctrl+K Ctrl+I). The
   * mouse resting on it brought no hover in some runs, on CI and on a busy machine here (cause not
   * found); the keys always do.
   */
  async function hoverShowing(text: RegExp): Promise<string> {
    const { page } = journey();
    const line = page.locator('.monaco-editor .view-line', { hasText: 'defect #12' }).first();
    const hover = page.locator('.monaco-hover', { hasText: 'Defect 12' });
    return eventually(
      `a hover over defect #12 matching ${String(text)}`,
      async () => {
        if (!(await hover.isVisible())) {
          await line.click();
          await page.keyboard.press('End');
          await page.keyboard.press('ArrowLeft');
          await page.keyboard.press('ArrowLeft');
          await page.keyboard.press('Control+K');
          await page.keyboard.press('Control+I');
          await hover.waitFor({ timeout: 5_000 }).catch(() => undefined);
        }
        if (!(await hover.isVisible())) return false;
        const shown = await hover.innerText().catch(() => '');
        if (text.test(shown)) return shown;
        // A hover keeps what it showed when it opened: one asked for before the settings reached the
        // extension keeps its old text. As a person would, close it and ask again: a click into the
        // line first, since the focus may be elsewhere (after the pick it was on the page's body, and
        // the Escape went nowhere).
        await line.click();
        await page.keyboard.press('Escape');
        await hover.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
        return false;
      },
      60_000,
    );
  }

  it('offers the action in the hover; choosing Demo writes the setting and the hover shows the defect', async () => {
    const { page } = journey();
    await openFileByName(FILE, page.locator('.monaco-editor .view-line span', { hasText: 'defect #12' }).first());
    const dead = await hoverShowing(/No project for plain defect numbers/);
    assert.match(dead, /Choose Default Project…/, `the hover offers the action: ${dead}`);
    await page.locator('.monaco-hover a', { hasText: 'Choose Default Project…' }).click();
    await answerQuickInput(/Default project for plain defect numbers/, 'Demo', 60_000);
    const setting = await eventually(
      'almDefects.defaultProject in the workspace settings',
      async () => (JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>)['almDefects.defaultProject'],
      30_000,
    );
    const { journeyServer: s } = journey();
    assert.deepEqual(setting, { server: s.name, domain: s.domain, project: s.project });
    const found = await hoverShowing(/Status: /);
    assert.match(found, /Defect 12.*:/, `the hover shows defect 12: ${found}`);
  });
});
