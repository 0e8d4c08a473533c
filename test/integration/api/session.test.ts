import { strict as assert } from 'node:assert';
import { AuthError, NetworkError } from '../../../src/api/index';
import { MovableClock } from '../../support/server';
import { WRONG_PASSWORD, clientFor, startApiTestServer } from './harness';
import type { TestServer } from './harness';

describe('api integration: session', () => {
  let server: TestServer;
  // The server's time moves on command, so sessions expire without waiting.
  const clock = new MovableClock();
  before(async () => {
    server = await startApiTestServer({ sessionIdleSeconds: 1, now: clock.now });
  });
  after(async () => server.close());

  it('signs in through /api/authentication/sign-in and reads domains and projects', async () => {
    const { client } = clientFor(server.baseUrl);
    try {
      assert.deepEqual(await client.signIn(), { username: 'alice', flow: 'api' });
      const domains = await client.domains();
      assert.deepEqual(domains.map((d) => d.name).sort(), ['DEFAULT', 'QA']);
      assert.deepEqual((await client.projects('DEFAULT')).map((p) => p.name).sort(), ['Demo', 'Playground']);
      assert.deepEqual(await client.projects('QA'), [{ domain: 'QA', name: 'Regression' }]);
    } finally {
      await client.dispose();
    }
  });

  it('signs in through authentication-point + rest/site-session when asked to', async () => {
    const { client } = clientFor(server.baseUrl, 'bob', { signInFlow: 'authentication-point' });
    try {
      assert.deepEqual(await client.signIn(), { username: 'bob', flow: 'authentication-point' });
      assert.ok((await client.domains()).length >= 2);
    } finally {
      await client.dispose();
    }
  });

  it('rejects a wrong password with AuthError, and neither logs nor messages hold the password', async () => {
    const { client, logs } = clientFor(server.baseUrl, 'mallory');
    try {
      const err = await client.domains().catch((e: unknown) => e);
      assert.ok(err instanceof AuthError, String(err));
      assert.match(err.message, /mallory/);
      const token = Buffer.from(`mallory:${WRONG_PASSWORD}`).toString('base64');
      for (const text of [err.message, err.stack ?? '', ...logs]) assert.ok(!text.includes(WRONG_PASSWORD) && !text.includes(token), text);
      assert.equal(client.session, undefined);
    } finally {
      await client.dispose();
    }
  });

  it('reports sign-ins slowed down after repeated failures as AuthError saying how long to wait (issue 14)', async () => {
    const throttling = await startApiTestServer({ limits: { signInFailuresAllowed: 2 } });
    const { client } = clientFor(throttling.baseUrl, 'mallory');
    try {
      for (let i = 0; i < 2; i++) await client.domains().catch(() => undefined);
      const err = await client.domains().catch((e: unknown) => e);
      assert.ok(err instanceof AuthError, String(err));
      assert.equal(err.status, 429);
      assert.match(err.message, /refused after too many failed attempts\. Wait 1 s and try again\./);
    } finally {
      await client.dispose();
      await throttling.close();
    }
  });

  it('never logs cookie values or the password during a normal session', async () => {
    const { client, logs } = clientFor(server.baseUrl);
    try {
      await client.signIn();
      await client.domains();
      const joined = logs.join('\n');
      assert.ok(!joined.includes('alice-demo'));
      assert.ok(!/QCSession=|LWSSO_COOKIE_KEY=[^*]/.test(joined), joined);
      assert.ok(
        logs.some((l) => l.includes('GET /api/domains → 200')),
        'requests are logged',
      );
    } finally {
      await client.dispose();
    }
  });

  it('signs in again transparently after the server expired the session', async () => {
    const { client } = clientFor(server.baseUrl);
    const reasons: string[] = [];
    client.onDidChangeSession((e) => reasons.push(e.reason));
    try {
      await client.signIn();
      clock.advance(2300); // idle timeout is 1 s
      assert.ok((await client.domains()).length >= 2);
      assert.deepEqual(reasons, ['sign-in', 're-sign-in']);
    } finally {
      await client.dispose();
    }
  });

  it('reports an unreachable server as NetworkError', async () => {
    const { client } = clientFor('http://127.0.0.1:9/qcbin');
    try {
      const err = await client.signIn().catch((e: unknown) => e);
      assert.ok(err instanceof NetworkError);
      assert.match(err.message, /refused the connection/);
    } finally {
      await client.dispose();
    }
  });
});
