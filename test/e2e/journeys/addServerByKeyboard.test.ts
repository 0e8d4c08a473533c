// Journey: a newcomer adds a server with Add Server…, answering every question by typing (URL, API
// key, its secret, the project, the name). When it is saved, the new server's row is unfolded down
// to its project, selected and focused, with Defects and My Defects in sight: before, it stayed a
// folded row to open level by level, and then the arrow keys moved nothing. Keyboard only; the
// settings file is put back afterwards.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { treeRow } from '../support/almTree';
import { replaceFileAtOnce } from '../support/settingsFile';
import { journey } from './support/journeyContext';
import { answerQuickInput, quickInput, runCommand, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const NAME = 'Second ALM';

describe('journey: Add Server by keyboard', function () {
  this.timeout(180_000);
  let settingsFile: string;
  let original = '';

  before(async () => {
    await signInWithApiKey();
    settingsFile = join(journey().workspaceFolder, '.vscode', 'settings.json');
    original = readFileSync(settingsFile, 'utf8');
  });

  /** Puts the settings back and waits for the added server to leave the tree: after the test, and
   * before each try, so a retry does not meet the server its first try added. */
  const removeAddedServer = async () => {
    const { page } = journey();
    for (let i = 0; i < 3 && (await quickInput().isVisible()); i++) await page.keyboard.press('Escape');
    if (original && readFileSync(settingsFile, 'utf8') !== original) replaceFileAtOnce(settingsFile, original);
    await eventually('the added server gone from the tree', async () => (await treeRow(new RegExp(`^${NAME}`), 1).count()) === 0, 30_000);
  };
  beforeEach(removeAddedServer);
  after(removeAddedServer);

  it('shows the new server unfolded down to its project, with its defects in sight', async () => {
    const { page, journeyServer: s } = journey();
    await runCommand('ALM: Add Server…');
    await answerQuickInput(/Base URL of the ALM server/, s.baseUrl);
    await answerQuickInput(/sign in with/, 'API key');
    await answerQuickInput(/Client id of the API key/, s.apiKey.clientId);
    await answerQuickInput(/Secret of API key/, s.apiKey.secret, 60_000);
    await answerQuickInput(/Show which part of the server/, s.project, 60_000);
    await eventually('the question for a name', async () => /name of the server/.test((await quickInput().textContent()) ?? ''));
    await page.keyboard.press('Control+A');
    await page.keyboard.type(NAME);
    await page.keyboard.press('Enter');

    const server = treeRow(new RegExp(`^${NAME}`), 1);
    await server.waitFor({ timeout: 60_000 });
    await eventually('the new server unfolded', async () => (await server.getAttribute('aria-expanded')) === 'true', 60_000);
    const project = page.locator('.part.sidebar [role="treeitem"][aria-level="3"][aria-selected="true"]');
    await eventually('its project row selected and unfolded', async () => (await project.getAttribute('aria-expanded', { timeout: 1_000 })) === 'true', 60_000);
    assert.match(await project.innerText(), new RegExp(`^${s.project}`));
    // Defects and My Defects follow the project's row (drawn a moment after it unfolds).
    await eventually("Defects and My Defects under the new server's project", async () => {
      const rows = (await page.locator('.part.sidebar [role="treeitem"]').allInnerTexts()).map((t) => t.split('\n')[0].trim());
      const at = rows.findIndex((r, i) => i > rows.findIndex((x) => x.startsWith(NAME)) && r.startsWith(s.project));
      return at > 0 && rows[at + 1]?.startsWith('Defects') && rows[at + 2]?.startsWith('My Defects');
    });
    // The keyboard goes on from the project: Down, Down, Right unfolds My Defects.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
    const mine = page.locator('.part.sidebar [role="treeitem"][aria-level="4"].focused');
    await eventually(
      'My Defects focused and unfolded by the arrow keys',
      async () => /^My Defects/.test(await mine.innerText({ timeout: 1_000 }).catch(() => '')) && (await mine.getAttribute('aria-expanded')) === 'true',
      30_000,
    );
  });
});
