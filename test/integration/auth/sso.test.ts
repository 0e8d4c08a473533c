// A server entry signing in with a password to a site that signs in through SSO (the emulator's
// --sso, issue 41): the refusal is a password refusal whose message says an API key is the way in
// and which offers "Use an API Key"; switched to the site's API key, the same entry signs in and
// reads. The extension's connection layer (ServerConnection, real AlmClient) against the real server.
import { strict as assert } from 'node:assert';
import { AuthError } from '../../../src/api/index';
import { almClientFactory } from '../../../src/auth/clientFactory';
import { ServerConnection } from '../../../src/auth/connection';
import { connectionFixes, passwordRefusal, passwordRefused, useApiKeyAction } from '../../../src/auth/failureActions';
import type { ServerEntry } from '../../../src/config/servers';
import { transportOptions } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { MapVault, RecordingSink } from '../../unit/tree/fakes';

describe('auth integration: a site that signs in through SSO', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let connection: ServerConnection;

  before(async () => {
    server = await startTestServer({ defects: 3, sso: true });
  });
  after(async () => {
    await connection?.dispose();
    await server.close();
  });

  it('a password is refused as a password, with the way to an API key; the API key then signs in and reads', async () => {
    const entry: ServerEntry = { name: 'Corp', url: server.baseUrl, username: 'alice' };
    const http = { proxyStrictSSL: true, noProxy: [] };
    const log = Log.create(new RecordingSink());
    connection = new ServerConnection(entry, transportOptions(entry, http, undefined), new MapVault(), almClientFactory(log), log);

    const refusal = await connection.signIn('alice-demo').then(
      () => assert.fail('the SSO site accepted a password'),
      (e: unknown) => e,
    );
    assert.ok(refusal instanceof AuthError, String(refusal));
    assert.equal(passwordRefused(refusal, false), true);
    assert.match(passwordRefusal('Use an API Key'), /SSO.*API key.*Use an API Key/s);
    assert.deepEqual(connectionFixes(refusal, 'Corp'), [], 'not a network problem');
    assert.deepEqual(useApiKeyAction('Corp').argument, { server: 'Corp', signIn: 'apiKey' });

    const keyed: ServerEntry = { ...entry, auth: 'apiKey', clientId: 'alice-demo-client' };
    await connection.update(keyed, transportOptions(keyed, http, undefined));
    const info = await connection.signIn('alice-demo-secret');
    assert.equal(info.username, 'alice');
    const domains = await connection.domains();
    assert.ok(domains.some((d) => d.name === 'DEFAULT'));
  });
});
