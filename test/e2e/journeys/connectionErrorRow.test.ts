// Journeys (issue 41), keys and clicks only; the report and the rows are read:
// - the ALM server goes away while a person works. Refreshing the server in the tree shows an error
//   row; its Test Connection button (shown when the pointer is on the row) opens the step-by-step
//   report, which says where the connection failed; once the server is back, a click on the row
//   loads the domains again.
// - a server added behind a TLS-inspecting gateway whose CA the machine does not trust, never signed
//   in: the first sign-in fails and the tree shows that error with a Trust button (not a bare "Sign
//   in" row); the button's file dialog takes the CA's file, and the next sign-in from the row works.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { createTestPki } from '../../support/tlsCertificates';
import { startTlsFront } from '../../support/tlsFront';
import type { TlsFront } from '../../support/tlsFront';
import { editSettingsFile, replaceFileAtOnce } from '../support/settingsFile';
import { expandRow, treeRow } from '../support/almTree';
import { journey } from './support/journeyContext';
import { closeActiveTabWithCtrlW, dialog, quickInput, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

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

describe('journey: connection error rows: Test Connection for a server gone, Trust for an untrusted CA', function () {
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
    const { journeyServer, page } = journey();
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
    const report = await eventually(
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
    // The report is read-only: closing it asks nothing (an untitled document asked to be saved).
    const reportTab = page.locator('.tabs-container .tab', { hasText: `Connection test of ${journeyServer.name}` });
    assert.equal(await reportTab.count(), 1, 'the report has a tab named after the server');
    await closeActiveTabWithCtrlW();
    await reportTab.waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(await dialog().count(), 0, 'no question on closing the report');

    await journeyServer.restart();
    stopped = false;
    await errorRow.click();
    await domain.waitFor({ timeout: 60_000 });
  });

  it('a server never signed in behind an untrusted CA: the Trust button of its error row takes the CA file, and the sign-in from the row works', async () => {
    const { page, journeyServer, workspaceFolder } = journey();
    const pki = createTestPki('Journey Inspection CA');
    const dir = mkdtempSync(join(tmpdir(), 'alm-journey-ca-'));
    const caFile = join(dir, 'journey-ca.pem');
    writeFileSync(caFile, pki.caPem);
    const settingsFile = join(workspaceFolder, '.vscode', 'settings.json');
    const original = readFileSync(settingsFile, 'utf8');
    let front: TlsFront | undefined;
    try {
      front = await startTlsFront(journeyServer.baseUrl, pki);
      // As a person adds it to settings.json: the same site through the gateway, with the same API key.
      editSettingsFile(settingsFile, (settings) => {
        const servers = settings['almDefects.servers'] as unknown[];
        settings['almDefects.servers'] = [...servers, { name: 'Corp TLS', url: front?.baseUrl, auth: 'apiKey', clientId: journeyServer.apiKey.clientId }];
      });
      const server = treeRow(/^Corp TLS/, 1);
      await expandRow(server);
      const signInRow = treeRow(/^Sign in to Corp TLS/, 2);
      const typeSecret = async () => {
        await quickInput().locator('input[type="password"]').waitFor({ timeout: 15_000 });
        await page.keyboard.type(journeyServer.apiKey.secret);
        await page.keyboard.press('Enter');
      };
      await signInRow.click();
      await typeSecret();

      const errorRow = treeRow(/Journey Inspection CA/, 2);
      await errorRow.waitFor({ timeout: 60_000 });
      await clickRowButton(errorRow, 'Trust a CA Certificate…');
      // VS Code's own file dialog (a path box in the browser workbench): type the path, press Enter.
      const input = quickInput().locator('input');
      await input.waitFor({ timeout: 45_000 });
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 45_000 });
      let last = '';
      await eventually(
        'the file dialog to settle on its folder',
        async () => {
          const value = await input.inputValue();
          const settled = value.endsWith('/') && value === last;
          last = value;
          return settled;
        },
        60_000,
      );
      await input.fill(caFile);
      await page.locator('.quick-input-list').filter({ hasText: 'journey-ca.pem' }).waitFor({ timeout: 15_000 });
      await input.press('Enter');

      // The CA is the entry's now: the error goes, and the row signs in.
      await signInRow.waitFor({ timeout: 60_000 });
      const saved = (JSON.parse(readFileSync(settingsFile, 'utf8')) as { 'almDefects.servers': { name: string; caFile?: string }[] })['almDefects.servers'];
      assert.equal(saved.find((e) => e.name === 'Corp TLS')?.caFile, caFile);
      await signInRow.click();
      await typeSecret();
      const forwardedBefore = front.forwarded();
      const domains = page.locator('.part.sidebar [role="treeitem"][aria-level="2"]').filter({ hasText: /^DEFAULT/ });
      await eventually(
        'the domain under Corp TLS instead of its Sign in row',
        async () => (await signInRow.count()) === 0 && (await errorRow.count()) === 0 && (await domains.count()) >= 1 && (front?.forwarded() ?? 0) > forwardedBefore,
        60_000,
      );
    } finally {
      replaceFileAtOnce(settingsFile, original);
      await front?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
