// Journey (issue 41): the ALM server goes away while a person works. Refreshing the server in the
// tree shows an error row; its Test Connection button (shown when the pointer is on the row) opens
// the step-by-step report, which says where the connection failed; once the server is back, a click
// on the row loads the domains again. Keys and clicks only; the report and the rows are read.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { expandRow, treeRow } from '../support/almTree';
import { journey } from './support/journeyContext';
import { answerDialog, closeActiveTabWithCtrlW, signInWithApiKey, waitUntil } from './support/workbenchByHand';

/** Points at `row` and clicks its inline button `label` (VS Code shows a row's buttons on hover). */
async function clickRowButton(row: Locator, label: string): Promise<void> {
  await row.hover();
  const button = row.locator(`.actions .action-label[aria-label="${label}"]`);
  await button.waitFor({ timeout: 15_000 });
  await button.click();
}

/** The text of the active editor (its visible lines; the report is a few lines long). */
async function activeEditorText(): Promise<string> {
  const lines = journey().page.locator('.part.editor .editor-group-container.active .view-lines .view-line');
  // The editor draws spaces as no-break spaces.
  return (await lines.allInnerTexts()).join('\n').replace(/\u00a0/g, ' ');
}

describe('journey: a server that cannot be reached, its error row and Test Connection', function () {
  this.timeout(180_000);
  let stopped = false;

  before(async () => {
    await signInWithApiKey();
  });

  after(async () => {
    // Whatever happened, the next journeys need the server.
    if (stopped) await journey().journeyServer.restart();
  });

  it('the error row offers Test Connection, whose report names the failed step; a click on the row loads again once the server is back', async () => {
    const { journeyServer } = journey();
    const server = treeRow(new RegExp(`^${journeyServer.name}`), 1);
    await expandRow(server);
    const domain = treeRow(/^DEFAULT/, 2);
    await domain.waitFor({ timeout: 60_000 });

    await journeyServer.stop();
    stopped = true;
    await clickRowButton(server, 'Refresh');
    const errorRow = journey()
      .page.locator('.part.sidebar [role="treeitem"][aria-level="2"]')
      .filter({ hasText: /refused|cannot|reach|connect/i })
      .first();
    await errorRow.waitFor({ timeout: 60_000 });
    assert.match((await errorRow.getAttribute('aria-label')) ?? '', /^Error: /, 'read aloud as an error');

    await clickRowButton(errorRow, 'Test Connection');
    const report = await waitUntil(
      'the connection report in an editor',
      async () => {
        const text = await activeEditorText();
        return /ALM connection test: /.test(text) && /Result: /.test(text) ? text : undefined;
      },
      60_000,
    );
    assert.match(report, new RegExp(`ALM connection test: ${journeyServer.name}`));
    assert.match(report, /✗ /, `a failed step: ${report}`);
    assert.match(report, /Result: failed at "/, report);
    // The report is an unsaved document: closing it asks whether to save it.
    await closeActiveTabWithCtrlW();
    await answerDialog(/save/i, "Don't Save");

    await journeyServer.restart();
    stopped = false;
    await errorRow.click();
    await domain.waitFor({ timeout: 60_000 });
  });
});
