// Issue 28 item 5 (part): sign-in throttling is atomic, and the address-wide rule spares users
// who signed in from that address before. Attempts still being checked count against
// the allowance, so 60 concurrent wrong passwords for one user run at most `signInFailuresAllowed`
// password checks (all 60 were checked before, the limit being 5); the rest are 429 at once.
import assert from 'node:assert/strict';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';

describe('server: sign-in throttling under concurrency (issue 28 item 5)', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startTestServer({ defects: 1, limits: { signInFailuresAllowed: 5 } });
  });
  after(async () => server.close());

  const signIn = (user: string, password: string) =>
    fetch(`${server.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } }).then((r) => r.status);

  it('60 concurrent wrong passwords for one user → at most 5 checked (401), the others 429; another user is not affected', async () => {
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn('alice', `wrong-${i}`)));
    const checked = statuses.filter((s) => s === 401).length;
    assert.ok(checked <= 5, `${checked} of 60 concurrent guesses were checked`);
    assert.equal(statuses.filter((s) => s === 429).length, 60 - checked);
    assert.equal(await signIn('alice', 'alice-demo'), 429, 'the user is slowed down, even with the right password');
    assert.equal(await signIn('bob', 'bob-demo'), 200);
  });

  it('failures of many user names from one address (an office behind a proxy) slow down new names there, not colleagues who signed in from it before', async () => {
    const office = await startTestServer({ defects: 1, limits: { signInFailuresAllowed: 2 } });
    try {
      const at = (user: string, password: string) =>
        fetch(`${office.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } }).then((r) => r.status);
      assert.equal(await at('bob', 'bob-demo'), 200, 'bob signed in from this address before');
      // 8 failures (the address allowance for 2 per user) over many names, one at a time.
      for (let i = 0; i < 8; i++) assert.equal(await at(`guess${i}`, 'x'), 401);
      assert.equal(await at('someone-new', 'x'), 429, 'the address is slowed down for names not seen here');
      assert.equal(await at('bob', 'bob-demo'), 200, 'a colleague who signed in from here still can');
    } finally {
      await office.close();
    }
  });
});
