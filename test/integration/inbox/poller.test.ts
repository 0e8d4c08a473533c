// The inbox's check against the ALM server (issue 43): the first check only reads the server's clock
// (rest/server/time); after bob assigns a defect to alice, comments naming her on another, and
// changes the status of one she reported, the next check finds exactly that, with one change query
// per project — and tells nothing twice.
import * as assert from 'node:assert/strict';
import type { AlmClient } from '../../../src/api/index';
import { appendComment } from '../../../src/defects/comments';
import type { Finding } from '../../../src/inbox/detect';
import { InboxPoller } from '../../../src/inbox/poller';
import type { PollServer } from '../../../src/inbox/poller';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { clientFor } from '../api/harness';

const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

export function pollServer(name: string, username: string, client: AlmClient): PollServer {
  return { name, username, serverTime: (signal) => client.serverTime({ signal }), project: async (d, p) => client.project(d, p) };
}

/** A poller checking DEFAULT/Demo as alice, with what it found and warned of. */
function alicePoller(alice: AlmClient): { poller: InboxPoller; found: Finding[]; warnings: string[] } {
  const found: Finding[] = [];
  const warnings: string[] = [];
  const poller = new InboxPoller({
    servers: () => [pollServer('Demo', 'alice', alice)],
    projects: () => [DEMO],
    flagged: () => false,
    found: (_p, f) => found.push(...f),
    warn: (m) => warnings.push(m),
  });
  return { poller, found, warnings };
}

describe('inbox integration: checks against the ALM server', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let alice: AlmClient;
  let bob: AlmClient;

  before(async () => {
    // More defects than the demo's 200: the burst needs 251 that are neither alice's nor reported by her.
    server = await startTestServer({ defects: 600 });
    ({ client: alice } = clientFor(server.baseUrl, 'alice'));
    ({ client: bob } = clientFor(server.baseUrl, 'bob'));
  });

  after(async () => {
    await alice?.dispose();
    await bob?.dispose();
    await server?.close();
  });

  it('finds an assignment, a mention and a change by bob after the baseline, once each', async () => {
    const { poller, found, warnings } = alicePoller(alice);
    const demo = bob.project('DEFAULT', 'Demo');
    const base = { 'detected-by': 'bob', 'creation-time': '2026-11-27', severity: '2-Medium', status: 'New' };
    const toAssign = await demo.defects.create({ ...base, name: 'Inbox: to assign', owner: 'dave' });
    const toMention = await demo.defects.create({ ...base, name: 'Inbox: to mention', owner: 'dave' });
    const reported = await demo.defects.create({ ...base, name: 'Inbox: reported by alice', 'detected-by': 'alice', owner: 'dave' });
    assert.equal(await poller.check(), 'ok');
    assert.equal(found.length, 0, 'the first check is the starting point');
    assert.deepEqual(poller.requests, { time: 1, query: 0, audits: 0, users: 1 });

    await demo.defects.update(toAssign.id, { owner: 'alice' });
    await demo.defects.update(toMention.id, { 'dev-comments': appendComment(null, 'bob', new Date(), 'alice, can you look at the log?') });
    await demo.defects.update(reported.id, { status: 'Open' });
    assert.equal(await poller.check(), 'ok', warnings.join('\n'));
    const seen = found.map((f) => `${f.kind} ${f.id} ${f.by ?? ''}`).sort();
    assert.deepEqual(seen, [`assigned ${toAssign.id} bob`, `changed ${reported.id} bob`, `mention ${toMention.id} bob`].sort());
    assert.match(found.find((f) => f.kind === 'changed')?.detail ?? '', /New → Open/);
    assert.equal(poller.requests.query, 1, 'one change query for the project');

    found.length = 0;
    assert.equal(await poller.check(), 'ok');
    assert.equal(found.length, 0, 'nothing is told twice');
  });

  it('finds an assignment made before 250 other changes: the check reads on past the first page', async () => {
    const { poller, found, warnings } = alicePoller(alice);
    const demo = bob.project('DEFAULT', 'Demo');
    // Defects that are neither alice's nor reported by her: their changes need no audits.
    const page = await demo.defects.page({ fields: ['owner', 'detected-by'], pageSize: 600 });
    const others = page.items.filter((d) => d.owner !== 'alice' && d['detected-by'] !== 'alice').map((d) => d.id);
    assert.ok(others.length > 251, `the demo has ${others.length} defects that are not alice's`);
    const [toAssign, ...rest] = others;
    assert.equal(await poller.check(), 'ok');
    const queriesBefore = poller.requests.query;

    // The assignment is the oldest change of the burst: a check reading only the newest page misses it.
    await demo.defects.update(toAssign, { owner: 'alice' });
    for (let i = 0; i < 250; i += 50) {
      const result = await demo.defects.updateMany(rest.slice(i, i + 50).map((id) => ({ id, changes: { name: `Inbox burst ${id}` } })));
      assert.equal(result.failed.length, 0, JSON.stringify(result.failed));
    }
    assert.equal(await poller.check(), 'ok', warnings.join('\n'));
    // (The first test's assignment may show again: it was made in the second this poller starts from.)
    assert.ok(
      found.some((f) => f.kind === 'assigned' && f.id === toAssign),
      `the assignment of ${toAssign} is found: ${JSON.stringify(found.map((f) => [f.kind, f.id]))}`,
    );
    assert.equal(poller.requests.query - queriesBefore, 2, 'two pages of 200 for 251 changed defects');
    found.length = 0;
    assert.equal(await poller.check(), 'ok');
    assert.equal(found.length, 0, 'nothing is told twice');
  });
});
