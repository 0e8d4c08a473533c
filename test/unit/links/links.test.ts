// Defect links that open in VS Code (issue 43): the link's form, its parsing, and what opening one
// does — above all that a server the user has not added is never contacted without asking.
import * as assert from 'node:assert/strict';
import type { DefectRef } from '../../../src/defects/refs';
import { openDefectLink } from '../../../src/links/openLink';
import type { LinkEntry, OpenLinkSteps } from '../../../src/links/openLink';
import { canonicalServerUrl, entriesForServer, parseDefectLink, vscodeDefectLink } from '../../../src/defects/vscodeLink';
import type { DefectLinkTarget } from '../../../src/defects/vscodeLink';

const BASE = 'vscode://alm-defects.alm-defects';

function target(url: string, action: 'open' | 'start' = 'open'): DefectLinkTarget {
  const uri = new URL(vscodeDefectLink(BASE, url, { domain: 'DEFAULT', project: 'Demo & Co', id: 42 }, action));
  const parsed = parseDefectLink(uri.pathname, uri.search.slice(1));
  assert.ok(!('problem' in parsed), JSON.stringify(parsed));
  return parsed;
}

/** Steps that record what happened; the answers to the questions are set per test. */
function steps(entries: LinkEntry[], answers: { pick?: string; add?: boolean; addAs?: LinkEntry; signedIn?: boolean } = {}) {
  const log: string[] = [];
  const s: OpenLinkSteps = {
    entries: () => entries,
    pickEntry: async (list) => {
      log.push(`pick ${list.map((e) => e.name).join(',')}`);
      return list.find((e) => e.name === answers.pick);
    },
    offerAddServer: async (url) => {
      log.push(`offer ${url}`);
      return answers.add ?? false;
    },
    addServer: async (url) => {
      log.push(`add ${url}`);
      if (!answers.addAs) return undefined;
      entries.push(answers.addAs);
      return answers.addAs.name;
    },
    ensureSignedIn: async (server) => {
      log.push(`sign-in ${server}`);
      return answers.signedIn ?? true;
    },
    open: async (ref: DefectRef) => log.push(`open ${ref.server} ${ref.domain}/${ref.project} ${ref.id}`),
    start: async (ref: DefectRef) => log.push(`start ${ref.server} ${ref.id}`),
  };
  return { s, log };
}

describe('links: VS Code defect links', () => {
  it('round-trips server, domain, project and id, escaping what a query needs escaped', () => {
    const link = vscodeDefectLink(BASE, 'https://alm.example.com/qcbin', { domain: 'DEFAULT', project: 'Demo & Co', id: 42 });
    assert.equal(link, 'vscode://alm-defects.alm-defects/open?server=https%3A%2F%2Falm.example.com%2Fqcbin&domain=DEFAULT&project=Demo+%26+Co&id=42');
    assert.deepEqual(target('https://alm.example.com/qcbin', 'start'), { action: 'start', serverUrl: 'https://alm.example.com/qcbin', domain: 'DEFAULT', project: 'Demo & Co', id: 42 });
  });

  it('refuses a link without a defect, with a non-http server or an unknown action, saying why', () => {
    assert.match((parseDefectLink('/open', 'server=https%3A%2F%2Fa&domain=D&project=P') as { problem: string }).problem, /defect id/);
    assert.match((parseDefectLink('/open', 'server=file%3A%2F%2F%2Fetc&domain=D&project=P&id=1') as { problem: string }).problem, /not an http/);
    assert.match((parseDefectLink('/delete', 'server=https%3A%2F%2Fa&domain=D&project=P&id=1') as { problem: string }).problem, /unknown action/);
  });

  it('matches entries by URL in any spelling of the same server, never by a look-alike', () => {
    assert.equal(canonicalServerUrl('HTTPS://Alm.Example.com:443/qcbin/'), 'https://alm.example.com/qcbin');
    const entries = [
      { name: 'Prod', url: 'https://alm.example.com/qcbin' },
      { name: 'Prod (admin)', url: 'https://ALM.example.com:443/QCBIN' },
      { name: 'Evil', url: 'https://alm.example.com.evil.test/qcbin' },
      { name: 'Plain', url: 'http://alm.example.com/qcbin' },
    ];
    assert.deepEqual(
      entriesForServer(entries, 'https://alm.example.com/qcbin/').map((e) => e.name),
      ['Prod', 'Prod (admin)'],
    );
  });

  it('opens the defect with the one entry of that server', async () => {
    const { s, log } = steps([{ name: 'Prod', url: 'https://alm.example.com/qcbin', account: 'alice' }]);
    const outcome = await openDefectLink(target('https://alm.example.com/qcbin'), s);
    assert.equal(outcome.kind, 'opened');
    assert.deepEqual(log, ['sign-in Prod', 'open Prod DEFAULT/Demo & Co 42']);
  });

  it('asks which entry when several are that server, and starts work with the one picked', async () => {
    const entries = [
      { name: 'Prod', url: 'https://alm.example.com/qcbin', account: 'alice' },
      { name: 'Prod admin', url: 'https://alm.example.com/qcbin', account: 'admin' },
    ];
    const { s, log } = steps(entries, { pick: 'Prod admin' });
    const outcome = await openDefectLink(target('https://alm.example.com/qcbin', 'start'), s);
    assert.equal(outcome.kind, 'started');
    assert.deepEqual(log, ['pick Prod,Prod admin', 'sign-in Prod admin', 'start Prod admin 42']);
  });

  it('never contacts a server the user has not added: it offers Add Server, and declining opens nothing', async () => {
    const { s, log } = steps([{ name: 'Prod', url: 'https://alm.example.com/qcbin', account: 'alice' }], { add: false });
    const outcome = await openDefectLink(target('https://other.example.com/qcbin'), s);
    assert.equal(outcome.kind, 'unknown-server');
    assert.deepEqual(log, ['offer https://other.example.com/qcbin']);
  });

  it('opens the defect once the user added the server from the offer (URL filled in)', async () => {
    const { s, log } = steps([], { add: true, addAs: { name: 'Other', url: 'https://other.example.com/qcbin', account: 'bob' } });
    const outcome = await openDefectLink(target('https://other.example.com/qcbin'), s);
    assert.equal(outcome.kind, 'opened');
    assert.deepEqual(log, ['offer https://other.example.com/qcbin', 'add https://other.example.com/qcbin', 'sign-in Other', 'open Other DEFAULT/Demo & Co 42']);
  });

  it('opens nothing when the user saved the new server under another URL, or cancelled signing in', async () => {
    const edited = steps([], { add: true, addAs: { name: 'Else', url: 'https://else.example.com/qcbin', account: 'bob' } });
    assert.equal((await openDefectLink(target('https://other.example.com/qcbin'), edited.s)).kind, 'cancelled');
    assert.equal(edited.log.filter((l) => l.startsWith('open')).length, 0);
    const refused = steps([{ name: 'Prod', url: 'https://alm.example.com/qcbin', account: 'alice' }], { signedIn: false });
    assert.equal((await openDefectLink(target('https://alm.example.com/qcbin'), refused.s)).kind, 'not-signed-in');
    assert.deepEqual(refused.log, ['sign-in Prod']);
  });
});
