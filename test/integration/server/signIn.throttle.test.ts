// Sign-in (issue 14, item 6): user names cannot be told apart by answer time (an unknown user
// costs the same scrypt as a known one), and repeated failures are slowed down per user and
// per address with 429 and Retry-After, while other users keep signing in.
import assert from 'node:assert/strict';
import { MovableClock, TestClient, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';

const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

describe('server: sign-in timing and throttling (issue 14)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  /** The server's clock: a throttle's wait passes when the test moves it, not while the test sleeps. */
  let clock: MovableClock;
  const attempt = (user: string, password: string) => new TestClient(server.baseUrl).request('POST', '/api/authentication/sign-in', { headers: basic(user, password) });
  beforeEach(async () => {
    clock = new MovableClock();
    server = await startTestServer({ defects: 0, limits: { signInFailuresAllowed: 3 }, now: clock.now });
  });
  afterEach(async () => server.close());

  it('an unknown user costs as much as a known one (median of 9 each within 3x, was 60x)', async () => {
    const median = async (user: string) => {
      const times: number[] = [];
      for (let i = 0; i < 9; i++) {
        const started = process.hrtime.bigint();
        await attempt(user, `wrong-${i}`);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return times.sort((a, b) => a - b)[4];
    };
    // Throttling would answer early: allow plenty of failures for this measurement.
    await server.close();
    server = await startTestServer({ defects: 0, limits: { signInFailuresAllowed: 1000 } });
    await attempt('alice', 'warm-up');
    const known = await median('alice');
    const unknown = await median('nobody-by-this-name');
    assert.ok(unknown > known / 3, `unknown user ${unknown.toFixed(1)} ms, known user ${known.toFixed(1)} ms`);
  });

  it("a user's repeated failures are answered 429 with Retry-After, even with the right password; others are not affected", async () => {
    for (let i = 0; i < 3; i++) assert.equal((await attempt('alice', 'guess')).status, 401);
    const blocked = await attempt('alice', 'alice-demo');
    assert.equal(blocked.status, 429);
    assert.match(blocked.json<{ Title: string }>().Title, /Too many failed sign-ins.*Try again in 1 s/);
    assert.equal(blocked.headers.get('retry-after'), '1');
    assert.equal((await attempt('bob', 'bob-demo')).status, 200, 'another user signs in');
    clock.advance(1100);
    assert.equal((await attempt('alice', 'alice-demo')).status, 200, 'after the wait the right password works');
  });

  it('the wait doubles with each further failure', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await attempt('alice', 'guess')).status, 401);
    assert.equal((await attempt('alice', 'guess')).headers.get('retry-after'), '1', 'refused while waiting: not counted');
    clock.advance(1100);
    assert.equal((await attempt('alice', 'guess')).status, 401);
    const blocked = await attempt('alice', 'alice-demo');
    assert.equal(blocked.status, 429);
    assert.equal(blocked.headers.get('retry-after'), '2');
  });

  it('failures from one address across many user names are slowed down too', async () => {
    // Four times the per-user allowance, each name guessed once.
    for (let i = 0; i < 12; i++) assert.equal((await attempt(`user-${i}`, 'guess')).status, 401);
    const blocked = await attempt('bob', 'bob-demo');
    assert.equal(blocked.status, 429);
  });

  it('alm-authenticate and authentication-point are throttled the same way', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await new TestClient(server.baseUrl).request('POST', '/authentication-point/alm-authenticate', {
        body: '<alm-authentication><user>alice</user><password>guess</password></alm-authentication>',
        headers: { 'Content-Type': 'application/xml' },
      });
      assert.equal(res.status, 401);
    }
    assert.equal((await new TestClient(server.baseUrl).request('GET', '/authentication-point/authenticate', { headers: basic('alice', 'alice-demo') })).status, 429);
  });
});
