// Journey (issue 43, Tests: "a vscode:// link … asks before adding a server"): a person opens a link
// to a defect on a server they have not added (Developer: Open URL, the link typed). The extension
// neither fails nor connects: it says the server is not one of theirs, that nothing was sent, and
// offers Add Server…; that starts with the link's URL filled in, and Escape cancels it. A stand-in
// server counts what reaches it: nothing may. Afterwards no quick input, notification or tab is left.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { journey } from './support/journeyContext';
import { clearNotifications, dialog, quickInput, runCommand, shownNotification, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

/** The link's defect (no other journey opens it); nothing may open it. */
const DEFECT = 9301;

describe('journey: a vscode:// link to a server not added asks before adding it (issue 43)', function () {
  this.timeout(180_000);
  /** A server that is not among the user's: it records what reaches it. */
  let stranger: Server;
  const requests: string[] = [];

  before(async () => {
    await signInWithApiKey();
    stranger = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  });

  after(async () => {
    const { page } = journey();
    for (let i = 0; i < 3 && (await quickInput().isVisible()); i++) await page.keyboard.press('Escape');
    await quickInput().waitFor({ state: 'hidden', timeout: 15_000 });
    // The offer, if a failure left it, and the notification center the journey may have opened.
    await clearNotifications();
    await new Promise((resolve) => stranger.close(resolve));
  });

  it('says the server is not one of yours and sends it nothing; Add Server… starts with its URL, Escape cancels', async () => {
    const { page } = journey();
    requests.length = 0;
    const serverUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/qcbin`;
    // `vscode://` is VS Code desktop's scheme; the workbench under test (code-server) takes its own
    // (its product's urlProtocol, read from the page): a `vscode://` link there is an external link.
    const scheme = await page.evaluate<string | undefined>(
      `(() => { try { return JSON.parse(document.getElementById('vscode-workbench-web-configuration').getAttribute('data-settings')).productConfiguration.urlProtocol; } catch { return undefined; } })()`,
    );
    const link = `${scheme ?? 'vscode'}://alm-defects.alm-defects/open?server=${encodeURIComponent(serverUrl)}&domain=DEFAULT&project=Demo&id=${DEFECT}`;
    await runCommand('Developer: Open URL');
    const input = quickInput().locator('input');
    await input.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+A');
    await page.keyboard.type(link);
    await eventually('the link in the box', async () => (await input.inputValue()) === link);
    await page.keyboard.press('Enter');

    // VS Code may ask before an extension opens a link the user typed; the person allows it. Then the
    // extension says the server is not one of theirs and offers Add Server. A notice that comes while
    // VS Code's dialog is up goes to the notification center (the bell) rather than a toast.
    const ask = dialog().filter({ hasText: /Do not ask me again/i });
    const offerText = /not one of your ALM servers/;
    const offer = await shownNotification(offerText, 60_000, async () => {
      if (await ask.isVisible()) await ask.getByRole('button', { name: 'Open', exact: true }).click();
    });
    const said = await offer.innerText();
    assert.ok(said.includes(new URL(serverUrl).host) && /Nothing was sent to it/.test(said), `the offer names the server and says nothing was sent: ${said}`);
    await offer.getByRole('button', { name: /^Add Server/ }).click();

    // Add Server's first step, the URL filled in from the link; the person cancels with Escape.
    await eventually('Add Server asking for the URL', async () => /Add ALM Server \(1\/6\)/.test((await quickInput().textContent({ timeout: 1_000 })) ?? ''), 30_000);
    assert.equal(await input.inputValue(), serverUrl, "Add Server starts with the link's server URL");
    // Escape once the box has the keys (pressed while it was still taking the focus, it was lost; a person presses it again).
    await eventually('the URL box to have the focus', async () => (await quickInput().locator('input:focus').count()) > 0, 15_000);
    await eventually(
      'Escape to close Add Server',
      async () => {
        await page.keyboard.press('Escape');
        return quickInput()
          .waitFor({ state: 'hidden', timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
      },
      30_000,
    );
    assert.deepEqual(requests, [], 'nothing was sent to the server the user has not added');
    assert.equal(await page.locator('.tabs-container .tab', { hasText: new RegExp(`^${DEFECT}\\b`) }).count(), 0, 'no defect opened');
  });
});
